import { GraduationCap } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '@/components/ui/workspace-page';

export function AiMentorPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={GraduationCap}
        title="Ask the AI Mentor"
        description="Guidance on pricing, selling and delivering AI agents for your agency will be answered here."
      />
    </WorkspacePage>
  );
}
