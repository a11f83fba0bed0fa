import { Workflow } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { WorkspacePage } from '@/components/ui/workspace-page';

export function AgentWorkspacePage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Workflow}
        title="No agent open"
        description="The visual builder opens here with the agent you choose: its prompt, model, tools and a test chat."
        action={<LinkButton to="/agents">Go to agents</LinkButton>}
      />
    </WorkspacePage>
  );
}
