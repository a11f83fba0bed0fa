import { KeyRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '../components/workspace-page';

export function ApiTesterPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={KeyRound}
        title="No API keys yet"
        description="Create an API key to call your agents from your own code, then try requests against them here."
      />
    </WorkspacePage>
  );
}
