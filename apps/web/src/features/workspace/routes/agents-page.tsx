import { Bot } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function AgentsPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Bot}
        title="No agents yet"
        description="The agents you build for your clients are listed here, ready to open in the visual builder, demo or launch."
        action={<LinkButton to="/agents/create">Create an agent</LinkButton>}
      />
    </WorkspacePage>
  );
}
