import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Bot, ClipboardCheck, Sparkles, WandSparkles } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Agent } from '@agentry/core/agents';
import type { ListProposalsReply, UnwrittenProposal } from '@agentry/core/optimize';
import { failedCount, whyNotOptimizable } from '@agentry/core/optimize';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { OptionSelect } from '@/components/ui/option-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { WorkspacePage } from '@/components/ui/workspace-page';
import { useSubaccountRole } from '@/lib/permissions';
import { buildsQuery, createProposals, optimizeKeys, proposalsQuery, runsQuery } from '../api/optimize-api';
import { ProposalCard } from '../components/proposal-card';
import { useRequestedRun, type OptimizeRun, type RequestedRun } from '../hooks/use-requested-run';

function runLabel(run: OptimizeRun): string {
  const when = new Date(run.finishedAt ?? run.createdAt).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
  });
  return `${run.name} · ${when} · ${failedCount(run)} failed`;
}

/** `/optimize`: pick an agent and a finished run with failures; get a proposed fix per cause, try it, publish it. */
export function OptimizePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const builds = useQuery(buildsQuery());
  const runs = useQuery(runsQuery());
  const requestedRunId = searchParams.get('runId');
  const requested = useRequestedRun(requestedRunId, runs.data?.evaluations);

  const openableRun = requested.state === 'optimizable' ? requested.run : null;
  const optimizable = useMemo(() => {
    const listed: OptimizeRun[] = (runs.data?.evaluations ?? []).filter((run) => whyNotOptimizable(run) === null);
    // A requested run missing from the list is older than all of it (the list is the latest runs).
    if (openableRun && !listed.some((run) => run.id === openableRun.id)) listed.push(openableRun);
    return listed;
  }, [runs.data, openableRun]);
  const agents = useMemo(() => {
    const withRuns = new Set(optimizable.map((run) => run.agent?.buildId));
    return (builds.data?.builds ?? []).filter((agent) => withRuns.has(agent.buildId));
  }, [builds.data, optimizable]);
  // A run that can be opened decides the agent; one that cannot opens nothing in its place.
  const agentId =
    openableRun?.agent?.buildId ??
    searchParams.get('agentId') ??
    (requested.state === 'unavailable' ? requested.run?.agent?.buildId : null) ??
    agents[0]?.buildId ??
    null;
  const agentRuns = optimizable.filter((run) => run.agent?.buildId === agentId);
  const run = openableRun ?? (requested.state === 'none' ? (agentRuns[0] ?? null) : null);

  const choose = (next: { agentId: string; runId?: string }) =>
    setSearchParams(
      () => {
        const params = new URLSearchParams({ agentId: next.agentId });
        if (next.runId) params.set('runId', next.runId);
        return params;
      },
      { replace: true },
    );

  if (builds.isLoading || runs.isLoading || requested.state === 'loading') return <OptimizeSkeleton />;
  if (builds.isError || runs.isError) {
    const error = builds.error ?? runs.error;
    return (
      <WorkspacePage>
        <ErrorState
          title="Failed to load your agents and evaluations"
          message={error?.message ?? 'Failed to load evaluations'}
          onRetry={() => {
            void builds.refetch();
            void runs.refetch();
          }}
          isRetrying={builds.isFetching || runs.isFetching}
        />
      </WorkspacePage>
    );
  }
  if (optimizable.length === 0 || agents.length === 0) {
    return (
      <WorkspacePage className="grid gap-6">
        {requested.state === 'unavailable' ? (
          <UnavailableRunNotice requested={requested} canPickAnother={false} />
        ) : null}
        <EmptyState
          icon={WandSparkles}
          title="Nothing to optimize yet"
          description="Run an evaluation of one of your agents. When some answers fail, this page groups them by cause and proposes a fix for each, which you can try on the same questions before you publish it."
          action={<LinkButton to="/new-evaluation/openai-assistants">Test an agent</LinkButton>}
        />
      </WorkspacePage>
    );
  }

  return (
    <WorkspacePage className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Improve an agent from its failed tests</h2>
        <p className="text-sm text-muted-foreground">
          Failed answers are grouped by cause; each group gets a proposed change to the instructions. Try it on the same
          questions, then publish it or keep it as a draft.
        </p>
      </div>
      {requested.state === 'unavailable' ? <UnavailableRunNotice requested={requested} canPickAnother /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="optimize-agent">Agent</Label>
          <OptionSelect
            id="optimize-agent"
            value={agentId ?? ''}
            options={agents.map((agent: Agent) => ({ value: agent.buildId, label: agent.aiName }))}
            onValueChange={(value) => choose({ agentId: value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="optimize-run">Evaluation run with failures</Label>
          {agentId && agentRuns.length > 0 ? (
            // No run chosen while the requested one cannot be opened: the user picks one.
            <Select value={run?.id ?? ''} onValueChange={(value) => choose({ agentId, runId: value })}>
              <SelectTrigger id="optimize-run">
                <SelectValue placeholder="Pick a run" />
              </SelectTrigger>
              <SelectContent>
                {agentRuns.map((entry) => (
                  <SelectItem key={entry.id} value={entry.id}>
                    {runLabel(entry)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <p className="text-sm text-muted-foreground">This agent has no finished run with failures.</p>
          )}
        </div>
      </div>
      {run ? <ProposalsSection key={run.id} run={run} focusedProposalId={searchParams.get('proposalId')} /> : null}
    </WorkspacePage>
  );
}

/** Why the run asked for by ?runId= is not shown, instead of silently showing another. */
function UnavailableRunNotice({
  requested,
  canPickAnother,
}: {
  requested: Extract<RequestedRun, { state: 'unavailable' }>;
  canPickAnother: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-[var(--radius-card)] border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">
          {requested.run ? `“${requested.run.name}” cannot be optimized` : 'This run cannot be opened'}
        </p>
        <p className="break-words">
          {requested.reason}
          {canPickAnother ? ' Pick another run below.' : ''}
        </p>
        {requested.run ? (
          <Link
            className="justify-self-start text-primary underline-offset-4 hover:underline"
            to={`/new-evaluation/results/${requested.run.id}`}
          >
            See its results
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function ProposalsSection({ run, focusedProposalId }: { run: OptimizeRun; focusedProposalId: string | null }) {
  const queryClient = useQueryClient();
  const role = useSubaccountRole();
  const proposals = useQuery({
    ...proposalsQuery(run.id),
    // A trial still running keeps its numbers fresh.
    refetchInterval: (query) =>
      query.state.data?.proposals.some((proposal) => proposal.status === 'trying') ? 1500 : false,
  });
  const propose = useMutation({
    mutationFn: () => createProposals(run.id),
    onSuccess: (reply) => {
      queryClient.setQueryData<ListProposalsReply>(optimizeKeys.proposals(run.id), reply);
      const missing = reply.unwritten.length;
      if (missing > 0) {
        const open = reply.proposals.filter((proposal) => proposal.status === 'proposed').length;
        toast.error(
          `${missing} of ${missing + open} ${missing + open === 1 ? 'proposal' : 'proposals'} could not be written`,
          {
            description: 'The causes are kept: asking again writes only the missing proposals.',
          },
        );
      } else
        toast.success(`${reply.proposals.length} ${reply.proposals.length === 1 ? 'change' : 'changes'} proposed.`);
    },
    onError: (error) => toast.error(error.message),
  });

  if (proposals.isLoading) return <ProposalSkeletons />;
  if (proposals.isError || !proposals.data) {
    return (
      <ErrorState
        title="Failed to load the proposals"
        message={proposals.error?.message ?? 'Failed to load the proposals'}
        onRetry={() => void proposals.refetch()}
        isRetrying={proposals.isFetching}
      />
    );
  }
  const { offlineNotice, unwritten } = proposals.data;
  const list = proposals.data.proposals;
  const idleLabel =
    unwritten.length > 0
      ? `Write the missing ${unwritten.length === 1 ? 'proposal' : 'proposals'}`
      : list.length > 0
        ? 'Propose again'
        : 'Find causes and propose fixes';
  const failures = failedCount(run);
  return (
    <section aria-label="Proposed changes" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary">
            <ClipboardCheck className="size-5" aria-hidden />
          </span>
          <p className="min-w-0 text-sm">
            <span className="font-medium">
              {failures} of {run.totals.done} answers failed
            </span>{' '}
            in “{run.name}”.{' '}
            <Link className="text-primary underline-offset-4 hover:underline" to={`/new-evaluation/results/${run.id}`}>
              See the results
            </Link>
          </p>
        </div>
        <Button
          onClick={() => propose.mutate()}
          disabled={propose.isPending}
          variant={list.length > 0 && unwritten.length === 0 ? 'outline' : 'default'}
        >
          <Sparkles aria-hidden />
          {propose.isPending ? (unwritten.length > 0 ? 'Writing proposals…' : 'Finding causes…') : idleLabel}
        </Button>
      </div>
      {offlineNotice ? (
        <p
          role="status"
          className="rounded-[var(--radius-control)] border border-amber-500/30 bg-amber-500/10 p-3 text-sm"
        >
          {offlineNotice}
        </p>
      ) : null}
      {propose.isPending ? <ProposalSkeletons /> : null}
      {unwritten.length > 0 ? <UnwrittenCauses causes={unwritten} /> : null}
      {list.length === 0 && unwritten.length === 0 && !propose.isPending ? (
        <EmptyState
          icon={Bot}
          title="No proposals for this run yet"
          description="Find the causes of its failed answers and get a proposed change to the instructions for each."
        />
      ) : null}
      {list.map((proposal) => (
        <ProposalCard
          key={proposal.id}
          proposal={proposal}
          runId={run.id}
          isFocused={proposal.id === focusedProposalId}
          canOverride={role === 'admin'}
        />
      ))}
    </section>
  );
}

/** Causes found (and paid for) whose proposal the model has not written yet, each with why. */
function UnwrittenCauses({ causes }: { causes: UnwrittenProposal[] }) {
  return (
    <section
      aria-label="Causes without a proposal"
      className="grid gap-3 rounded-[var(--radius-card)] border border-destructive/30 bg-destructive/5 p-4"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        <p className="text-sm">
          {causes.length === 1 ? 'This cause has' : 'These causes have'} no proposal yet. They are kept: asking again
          writes only {causes.length === 1 ? 'its proposal' : 'their proposals'}, without finding the causes again.
        </p>
      </div>
      <ul className="grid gap-2">
        {causes.map((cause) => (
          <li key={cause.cause} className="grid gap-1 rounded-[var(--radius-control)] border border-border bg-card p-3">
            <p className="text-sm font-medium break-words">{cause.cause}</p>
            <p className="text-xs text-muted-foreground">
              {cause.failures.length === 1 ? '1 failed answer' : `${cause.failures.length} failed answers`}
            </p>
            <p className="text-sm text-destructive">{cause.error}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProposalSkeletons() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading proposals">
      {[0, 1].map((index) => (
        <div key={index} className="grid gap-3 rounded-[var(--radius-card)] border border-border p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-9 w-28" />
        </div>
      ))}
    </div>
  );
}

function OptimizeSkeleton() {
  return (
    <WorkspacePage className="grid gap-6">
      <Skeleton className="h-7 w-72" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <ProposalSkeletons />
    </WorkspacePage>
  );
}
