import { Bot, Building2 } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { LinkButton } from '../components/link-button';
import { WorkspacePage } from '../components/workspace-page';

/** The agents of one sub account (client). */
export function SubaccountAgentsPage() {
  const { subaccountId } = useParams();
  const { data: session } = useSession();
  const subaccount = session?.subaccounts.find((candidate) => candidate.id === subaccountId);

  if (!subaccount) {
    return (
      <WorkspacePage>
        <EmptyState
          icon={Building2}
          title="Sub account not found"
          description="This sub account does not exist or you are not a member of it. Your sub accounts are listed in Settings."
          action={<LinkButton to="/settings">Open settings</LinkButton>}
        />
      </WorkspacePage>
    );
  }

  return (
    <WorkspacePage>
      <EmptyState
        icon={Bot}
        title={`No agents in ${subaccount.name} yet`}
        description="Agents built for this client are listed here with their channels and status."
        action={subaccount.role === 'viewer' ? undefined : <LinkButton to="/agents/create">Create an agent</LinkButton>}
      />
    </WorkspacePage>
  );
}
