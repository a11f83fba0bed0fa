import { useQuery } from '@tanstack/react-query';
import { Building2, Wrench } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { agentsListQuery } from '@/lib/queries/agents';
import { agentsListPath } from '../api/agents-api';
import { useSubaccount } from '../hooks/use-subaccount';
import { BuildRow, BuildRowsSkeleton } from '../components/build-row';
import { LinkButton } from '@/components/ui/link-button';
import { QuickActions } from '../components/quick-actions';
import { WorkspacePage } from '@/components/ui/workspace-page';

const pageClassName = 'grid grid-cols-[minmax(0,1fr)] gap-8';

/** `/build` ('Build Agents', the account menu's Dashboard): the active sub account's builds and the shortcuts around them. */
export function BuildHubPage() {
  const { subaccount, canEdit } = useSubaccount();

  if (!subaccount) {
    return (
      <WorkspacePage>
        <EmptyState
          icon={Building2}
          title="No sub account yet"
          description="Builds belong to a sub account (a client). Once you are a member of one, its agents are listed here."
          action={
            <LinkButton to="/settings" variant="outline">
              Open settings
            </LinkButton>
          }
        />
      </WorkspacePage>
    );
  }
  return (
    <BuildHub key={subaccount.id} subaccountId={subaccount.id} subaccountName={subaccount.name} canEdit={canEdit} />
  );
}

function BuildHub({
  subaccountId,
  subaccountName,
  canEdit,
}: {
  subaccountId: string;
  subaccountName: string;
  canEdit: boolean;
}) {
  const agents = useQuery(agentsListQuery(subaccountId));
  const list = agents.data?.agents ?? [];

  return (
    <WorkspacePage className={pageClassName}>
      <QuickActions canCreate={canEdit} />

      <section aria-labelledby="builds-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id="builds-heading" className="text-xl font-semibold tracking-tight">
              Builds
            </h2>
            <p className="truncate text-sm text-muted-foreground">The agents of {subaccountName}</p>
          </div>
          {list.length > 0 ? (
            <LinkButton to={agentsListPath(subaccountId)} variant="ghost" size="sm">
              Manage agents
            </LinkButton>
          ) : null}
        </div>

        {agents.isPending ? (
          <BuildRowsSkeleton />
        ) : agents.isError ? (
          <ErrorState
            title="Failed to load builds"
            message={agents.error.message}
            onRetry={() => void agents.refetch()}
            isRetrying={agents.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={Wrench}
            title="No builds yet"
            description={
              canEdit
                ? 'Each agent becomes a build: its model, prompt, tools and the API key it runs on. Your builds and their API key settings appear here.'
                : `Each agent becomes a build: its model, prompt, tools and the API key it runs on. ${subaccountName} has no builds yet; members and admins can create them.`
            }
            action={canEdit ? <LinkButton to="/agents/create">Create an agent</LinkButton> : undefined}
          />
        ) : (
          <ul aria-label="Builds" className="grid grid-cols-[minmax(0,1fr)] gap-3">
            {list.map((agent) => (
              <li key={agent.buildId}>
                <BuildRow agent={agent} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </WorkspacePage>
  );
}
