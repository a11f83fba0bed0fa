import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FlaskConical, Rocket, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { GateResult } from '@agentry/core/agent-versions';
import type { ListProposalsReply, OptimizeProposal, ProposalStatus } from '@agentry/core/optimize';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { acceptProposal, optimizeKeys, rejectProposal, tryProposal } from '../api/optimize-api';
import { formatUsd } from '../lib/format';
import { InstructionsDiff } from './instructions-diff';
import { TrialResults } from './trial-results';

const statusBadges: Record<
  ProposalStatus,
  { label: string; variant: 'default' | 'pending' | 'success' | 'inactive' | 'outline' }
> = {
  proposed: { label: 'Proposed', variant: 'outline' },
  trying: { label: 'Trying…', variant: 'pending' },
  tried: { label: 'Tried', variant: 'default' },
  accepted: { label: 'Published', variant: 'success' },
  rejected: { label: 'Kept as draft', variant: 'inactive' },
};

/** The failing questions a refusing regression gate lists in its error (409 GATE_FAILED). */
function gateFailuresOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'GATE_FAILED') return [];
  const gate = (error.body as { error?: { gate?: GateResult } } | null)?.error?.gate;
  return gate ? gate.failingQuestions.map((failing) => failing.question) : [];
}

/** One proposed change: the cause, the diff, the failures it addresses, and Try it / Accept / Reject. */
export function ProposalCard({
  proposal,
  runId,
  isFocused,
  canOverride,
}: {
  proposal: OptimizeProposal;
  runId: string;
  isFocused: boolean;
  canOverride: boolean;
}) {
  const queryClient = useQueryClient();
  const cardRef = useRef<HTMLElement>(null);
  const [overrideNote, setOverrideNote] = useState('');
  const store = (next: OptimizeProposal) =>
    queryClient.setQueryData<ListProposalsReply>(optimizeKeys.proposals(runId), (current) =>
      current
        ? { ...current, proposals: current.proposals.map((entry) => (entry.id === next.id ? next : entry)) }
        : current,
    );
  const onError = (error: Error) => {
    toast.error(error.message);
    // Refused because the proposal or the published version changed: show the card as it is now.
    if (error instanceof ApiError && error.status === 409)
      void queryClient.invalidateQueries({ queryKey: optimizeKeys.proposals(runId) });
  };
  const tryIt = useMutation({
    mutationFn: () => tryProposal(proposal.id),
    onSuccess: (reply) => store(reply.proposal),
    onError,
  });
  const accept = useMutation({
    mutationFn: (note?: string) => acceptProposal(proposal.id, note),
    onSuccess: (reply) => {
      store(reply.proposal);
      toast.success('Published: visitors now get the improved agent.');
    },
    onError,
  });
  const reject = useMutation({
    mutationFn: () => rejectProposal(proposal.id),
    onSuccess: (reply) => {
      store(reply.proposal);
      toast.success('Rejected: the change stays as a draft version.');
    },
    onError,
  });

  useEffect(() => {
    if (isFocused) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [isFocused]);

  const badge = statusBadges[proposal.status];
  const gateFailures = gateFailuresOf(accept.error);
  const isBusy = tryIt.isPending || accept.isPending || reject.isPending;
  const headingId = `proposal-${proposal.id}`;

  return (
    <article
      ref={cardRef}
      aria-labelledby={headingId}
      className={cn(
        'grid gap-4 rounded-[var(--radius-card)] border bg-card p-4 sm:p-5',
        isFocused ? 'border-primary ring-2 ring-primary/30' : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="text-base font-semibold break-words">
            {proposal.cause}
          </h3>
          <p className="text-sm text-muted-foreground">{proposal.rationale}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="error">
            {proposal.failures.length} failed {proposal.failures.length === 1 ? 'answer' : 'answers'}
          </Badge>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
      </header>

      {proposal.outdatedReason ? (
        <p
          role="status"
          className="rounded-[var(--radius-control)] border border-amber-500/30 bg-amber-500/10 p-3 text-sm"
        >
          {proposal.outdatedReason}
        </p>
      ) : null}

      {/* Against what visitors get now until it is tried (the server merges the change onto it). */}
      <InstructionsDiff before={proposal.currentInstructions} after={proposal.proposedInstructions} />

      <details className="group rounded-[var(--radius-control)] border border-border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
          Failures this addresses
        </summary>
        <ul className="grid gap-3 border-t border-border px-3 py-3">
          {proposal.failures.map((failure) => (
            <li key={failure.conversationId} className="grid gap-1 text-sm">
              <p className="font-medium break-words">“{failure.questionText}”</p>
              <p className="text-muted-foreground break-words">Answer: {failure.answer || '(no answer)'}</p>
              <p className="text-muted-foreground break-words">Judge: {failure.reasoning || '(no reasoning)'}</p>
            </li>
          ))}
        </ul>
      </details>

      {proposal.trial ? <TrialResults trial={proposal.trial} /> : null}

      {accept.isError ? (
        <div
          role="alert"
          className="grid gap-2 rounded-[var(--radius-control)] border border-destructive/30 bg-destructive/5 p-3 text-sm"
        >
          <p>{accept.error.message}</p>
          {gateFailures.length > 0 ? (
            <ul className="list-disc pl-5">
              {gateFailures.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          ) : null}
          {canOverride && accept.error instanceof ApiError && accept.error.code === 'GATE_FAILED' ? (
            <div className="grid gap-2">
              <Label htmlFor={`override-${proposal.id}`}>Override note (admins)</Label>
              <Textarea
                id={`override-${proposal.id}`}
                value={overrideNote}
                onChange={(event) => setOverrideNote(event.target.value)}
                placeholder="Why publish despite the gate"
              />
              <Button
                variant="destructive"
                size="sm"
                className="justify-self-start"
                disabled={overrideNote.trim() === '' || isBusy}
                onClick={() => accept.mutate(overrideNote.trim())}
              >
                Publish anyway
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      <footer className="flex flex-wrap items-center gap-2">
        {proposal.status === 'proposed' && !proposal.outdatedReason ? (
          <Button onClick={() => tryIt.mutate()} disabled={isBusy}>
            <FlaskConical aria-hidden />
            {tryIt.isPending ? 'Starting…' : 'Try it'}
          </Button>
        ) : null}
        {proposal.status === 'tried' ? (
          <>
            {proposal.outdatedReason ? null : (
              <Button onClick={() => accept.mutate(undefined)} disabled={isBusy}>
                <Rocket aria-hidden />
                {accept.isPending ? 'Publishing…' : 'Accept and publish'}
              </Button>
            )}
            <Button variant="outline" onClick={() => reject.mutate()} disabled={isBusy}>
              <Undo2 aria-hidden />
              Reject, keep as draft
            </Button>
          </>
        ) : null}
        {proposal.status === 'accepted' ? (
          <p className="flex items-center gap-2 text-sm text-green-700 dark:text-green-300">
            <CheckCircle2 className="size-4" aria-hidden /> Published as the agent’s new version.
          </p>
        ) : null}
        <span className="ml-auto text-xs text-muted-foreground">Proposal cost {formatUsd(proposal.costUsd)}</span>
      </footer>
    </article>
  );
}
