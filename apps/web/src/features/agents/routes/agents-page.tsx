import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@agentry/core/agents';
import { Bot, Building2, Plus, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { agentKeys, agentsListQuery } from '@/lib/queries/agents';
import { deleteAgent } from '../api/agents-api';
import { AgentCard, AgentCardSkeleton } from '../components/agent-card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useSubaccount } from '../hooks/use-subaccount';

/** `/agents` (the active sub account) and `/subaccounts/:subaccountId/agents`. */
export function AgentsPage() {
  const { subaccountId } = useParams();
  const { subaccount, canEdit } = useSubaccount(subaccountId);

  if (!subaccount) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Building2}
          title={subaccountId ? 'Sub account not found' : 'No sub account yet'}
          description={
            subaccountId
              ? 'This sub account does not exist or you are not a member of it. Your sub accounts are listed in Settings.'
              : 'Agents belong to a sub account (a client). Once you are a member of one, its agents are listed here.'
          }
          action={
            <Button asChild variant="outline">
              <Link to="/settings">Open settings</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <AgentsList key={subaccount.id} subaccountId={subaccount.id} subaccountName={subaccount.name} canEdit={canEdit} />
  );
}

function AgentsList({
  subaccountId,
  subaccountName,
  canEdit,
}: {
  subaccountId: string;
  subaccountName: string;
  canEdit: boolean;
}) {
  const searchId = useId();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const agents = useQuery({ ...agentsListQuery(subaccountId, debouncedSearch), placeholderData: keepPreviousData });
  const [pendingDelete, setPendingDelete] = useState<Agent | null>(null);

  const remove = useMutation({
    mutationFn: (agent: Agent) => deleteAgent({ subaccountId, agentId: agent.buildId }),
    onSuccess: (_reply, agent) => {
      queryClient.setQueriesData<{ agents: Agent[] }>({ queryKey: agentKeys.lists(subaccountId) }, (current) =>
        current ? { agents: current.agents.filter((candidate) => candidate.buildId !== agent.buildId) } : current,
      );
      queryClient.removeQueries({ queryKey: agentKeys.detail(subaccountId, agent.buildId) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.lists(subaccountId) });
      toast.success(`${agent.aiName} was deleted`);
    },
  });

  const list = agents.data?.agents ?? [];
  const isSearching = debouncedSearch !== '';
  const isFirstLoad = agents.isPending;
  const hasNoAgentsAtAll = !isSearching && !agents.isPlaceholderData && list.length === 0;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold tracking-tight">Agents</h2>
          <p className="truncate text-sm text-muted-foreground">The agents of {subaccountName}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative sm:w-72">
            <Label htmlFor={searchId} className="sr-only">
              Search agents
            </Label>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search agents"
              className="pl-9 pr-9"
            />
            {agents.isFetching && !isFirstLoad ? (
              <Spinner className="absolute right-3 top-1/2 -translate-y-1/2 text-muted-foreground" />
            ) : null}
          </div>
          {canEdit ? (
            <Button asChild>
              <Link to="/agents/create">
                <Plus aria-hidden />
                New agent
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {isFirstLoad ? (
        <div
          role="status"
          aria-label="Loading agents"
          className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))] lg:grid-cols-[repeat(3,minmax(0,1fr))]"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <AgentCardSkeleton key={index} />
          ))}
        </div>
      ) : agents.isError ? (
        <ErrorState
          title="Failed to load builds"
          message={agents.error.message}
          onRetry={() => void agents.refetch()}
          isRetrying={agents.isFetching}
        />
      ) : hasNoAgentsAtAll ? (
        <EmptyState
          icon={Bot}
          title="No agents yet"
          description={
            canEdit
              ? 'Describe what an agent should do and Agentry drafts it for you. Your agents are listed here, ready to test, demo and launch.'
              : `${subaccountName} has no agents yet. Members and admins can create them.`
          }
          action={
            canEdit ? (
              <Button asChild>
                <Link to="/agents/create">Create an agent</Link>
              </Button>
            ) : undefined
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Search}
          title="No matching agents"
          description={`No agent name or instructions match “${debouncedSearch}”.`}
          action={
            <Button variant="outline" onClick={() => setSearch('')}>
              <X aria-hidden />
              Clear search
            </Button>
          }
        />
      ) : (
        <ul
          aria-label="Agents"
          className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-[repeat(2,minmax(0,1fr))] lg:grid-cols-[repeat(3,minmax(0,1fr))]"
        >
          {list.map((agent) => (
            <li key={agent.buildId}>
              <AgentCard agent={agent} canDelete={canEdit} onDelete={setPendingDelete} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete agent"
        description={
          <>
            <span className="font-medium text-foreground">{pendingDelete?.aiName}</span> and its settings are deleted
            for good. Widgets, demos and API calls that use it stop answering.
          </>
        }
        confirmLabel="Delete agent"
        onConfirm={() => (pendingDelete ? remove.mutateAsync(pendingDelete) : Promise.resolve())}
      />
    </div>
  );
}
