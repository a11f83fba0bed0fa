import { Sparkles } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { WorkspacePage } from '../components/workspace-page';

export function CreateAgentPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Sparkles}
        title="Describe the agent you need"
        description="Agent creation starts here: tell Agentry what the agent should do for your client, and the draft agent opens in the visual builder."
      />
    </WorkspacePage>
  );
}
