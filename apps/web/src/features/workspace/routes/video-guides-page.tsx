import { CirclePlay } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '@/components/ui/workspace-page';

export function VideoGuidesPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={CirclePlay}
        title="No video guides yet"
        description="Short videos on building, demoing and launching agents, and what the community shares, appear here."
      />
    </WorkspacePage>
  );
}
