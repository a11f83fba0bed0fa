import { Rocket } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

export function ConnectPage() {
  return (
    <WorkspacePage>
      <EmptyState
        icon={Rocket}
        title="Nothing launched yet"
        description="Deploy an agent to production as a website chat widget, a website block, or an SMS, WhatsApp or Instagram agent. Live deployments appear here."
        action={<LinkButton to="/agents">Go to agents</LinkButton>}
      />
    </WorkspacePage>
  );
}
