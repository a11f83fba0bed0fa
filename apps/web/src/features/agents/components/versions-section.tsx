import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentBehaviourFields,
  isGateLoosening,
  listChangedBehaviourFields,
  type AgentBehaviourField,
  type AgentVersion,
  type GateResult,
} from '@agentry/core/agent-versions';
import { diffLines } from '@agentry/core/line-diff';
import { History, RotateCcw, Send, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { agentKeys } from '@/lib/queries/agents';
import {
  agentGateQuery,
  agentVersionsQuery,
  gateCandidatesQuery,
  publishVersion,
  restoreVersion,
  updateGate,
  versionKeys,
} from '../api/agent-versions-api';

const fieldLabels: Record<AgentBehaviourField, string> = {
  instructions: 'Instructions',
  firstMessage: 'First message',
  suggestedResponses: 'Suggested responses',
  provider: 'Provider',
  model: 'Model',
  providerKeyId: 'Provider key',
  temperature: 'Temperature',
  maxTokens: 'Max tokens',
  topP: 'Top P',
  frequencyPenalty: 'Frequency penalty',
  presencePenalty: 'Presence penalty',
  stopSequences: 'Stop sequences',
  tools: 'Tools',
};

const sourceLabels: Record<AgentVersion['source'], string> = {
  create: 'Created',
  edit: 'Edited',
  restore: 'Restored',
  optimize: 'Optimize proposal',
  builder: 'Drafted by the builder',
};

function formatTime(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function showValue(value: unknown) {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The agent page's Versions section: history, diff between any two, restore, publish through the gate, gate settings. */
export function VersionsSection(props: {
  subaccountId: string;
  agentId: string;
  canEdit: boolean;
  canOverride: boolean;
}) {
  const { subaccountId, agentId } = props;
  const queryClient = useQueryClient();
  const versions = useQuery(agentVersionsQuery(subaccountId, agentId));
  const [compare, setCompare] = useState<{ from: string; to: string } | null>(null);
  const [refusal, setRefusal] = useState<{ versionId: string; gate: GateResult } | null>(null);
  const [overrideNote, setOverrideNote] = useState('');

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: versionKeys.all(subaccountId, agentId) });
    void queryClient.invalidateQueries({ queryKey: agentKeys.detail(subaccountId, agentId) });
  };
  const publish = useMutation({
    mutationFn: (options: { versionId: string; overrideNote?: string }) =>
      publishVersion({ subaccountId, agentId, ...options }),
    onSuccess: (reply) => {
      setRefusal(null);
      setOverrideNote('');
      refresh();
      toast.success(
        reply.gate
          ? `Version ${reply.version.number} published (gate: ${reply.gate.candidatePassRate ?? 0}% vs ${reply.gate.baselinePassRate ?? 0}%)`
          : `Version ${reply.version.number} published`,
      );
    },
    onError: (error, options) => {
      if (error instanceof ApiError && error.code === 'GATE_FAILED') {
        const gate = (error.body as { error?: { gate?: GateResult } }).error?.gate;
        if (gate) setRefusal({ versionId: options.versionId, gate });
      }
    },
  });
  const restore = useMutation({
    mutationFn: (versionId: string) => restoreVersion({ subaccountId, agentId, versionId }),
    onSuccess: (version) => {
      refresh();
      toast.success(`Restored as version ${version.number} (a draft: publish it to give it to visitors)`);
    },
  });

  if (versions.isPending) {
    return (
      <section
        aria-label="Versions"
        className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-6"
      >
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-16 w-full" />
      </section>
    );
  }
  if (versions.isError) {
    return (
      <ErrorState
        title="Failed to load the versions"
        message={versions.error.message}
        onRetry={() => void versions.refetch()}
        isRetrying={versions.isFetching}
      />
    );
  }
  const list = versions.data.versions;
  const newest = list[0];
  const published = list.find((version) => version.id === versions.data.publishedVersionId);
  const selected = compare ?? (newest && published ? { from: published.id, to: newest.id } : null);
  const from = list.find((version) => version.id === selected?.from);
  const to = list.find((version) => version.id === selected?.to);
  const isBusy = publish.isPending || restore.isPending;

  return (
    <section
      aria-labelledby="versions-heading"
      className="grid min-w-0 gap-5 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="versions-heading" className="flex items-center gap-2 text-lg font-semibold">
            <History className="size-5 text-muted-foreground" aria-hidden />
            Versions
          </h2>
          <p className="text-sm text-muted-foreground">
            Every saved change is a version. Visitors get the published one until you publish another.
          </p>
        </div>
        {newest && published && newest.id !== published.id && props.canEdit ? (
          <Button onClick={() => publish.mutate({ versionId: newest.id })} disabled={isBusy}>
            <Send aria-hidden />
            {publish.isPending ? 'Publishing…' : `Publish version ${newest.number}`}
          </Button>
        ) : null}
      </div>

      {refusal ? (
        <GateRefusal
          gate={refusal.gate}
          versionNumber={list.find((version) => version.id === refusal.versionId)?.number ?? 0}
          canOverride={props.canOverride}
          note={overrideNote}
          onNoteChange={setOverrideNote}
          isPending={publish.isPending}
          onOverride={() => publish.mutate({ versionId: refusal.versionId, overrideNote: overrideNote.trim() })}
        />
      ) : null}

      <ol aria-label="Version history" className="grid divide-y divide-border rounded-md border border-border">
        {list.map((version) => (
          <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3 sm:px-4">
            <div className="grid min-w-0 gap-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                Version {version.number}
                {version.id === versions.data.publishedVersionId ? <Badge variant="success">Published</Badge> : null}
                {version.id === newest?.id && version.id !== versions.data.publishedVersionId ? (
                  <Badge variant="pending">Draft</Badge>
                ) : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {sourceLabels[version.source]} by {version.authorName ?? 'someone no longer here'} ·{' '}
                {formatTime(version.createdAt)}
              </p>
              {version.note ? <p className="text-sm break-words">{version.note}</p> : null}
              {version.gateOverrideNote ? (
                <p className="text-sm text-orange-700 dark:text-orange-300">
                  Published despite the gate: {version.gateOverrideNote}
                </p>
              ) : null}
            </div>
            {props.canEdit ? (
              <div className="flex flex-wrap gap-2">
                {version.id !== newest?.id ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => restore.mutate(version.id)}
                    disabled={isBusy}
                    aria-label={`Restore version ${version.number}`}
                  >
                    <RotateCcw aria-hidden />
                    Restore
                  </Button>
                ) : null}
                {version.id !== versions.data.publishedVersionId ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => publish.mutate({ versionId: version.id })}
                    disabled={isBusy}
                    aria-label={`Publish version ${version.number}`}
                  >
                    <Send aria-hidden />
                    Publish
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>

      {list.length > 1 && selected ? (
        <div className="grid gap-3">
          <h3 className="font-medium">Compare versions</h3>
          <div className="flex flex-wrap items-end gap-3">
            {(['from', 'to'] as const).map((side) => (
              <div key={side} className="grid gap-1">
                <Label htmlFor={`compare-${side}`}>{side === 'from' ? 'From' : 'To'}</Label>
                <select
                  id={`compare-${side}`}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                  value={selected[side]}
                  onChange={(event) => setCompare({ ...selected, [side]: event.target.value })}
                >
                  {list.map((version) => (
                    <option key={version.id} value={version.id}>
                      Version {version.number}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {from && to ? <VersionDiff from={from} to={to} /> : null}
        </div>
      ) : null}

      <GateSettings
        subaccountId={subaccountId}
        agentId={agentId}
        canEdit={props.canEdit}
        canLoosen={props.canOverride}
      />
    </section>
  );
}

function VersionDiff({ from, to }: { from: AgentVersion; to: AgentVersion }) {
  const changed = listChangedBehaviourFields(from.behaviour, to.behaviour);
  if (changed.length === 0) return <p className="text-sm text-muted-foreground">These versions behave the same.</p>;
  return (
    <div className="grid gap-3" aria-label={`Changes from version ${from.number} to version ${to.number}`}>
      {changed.includes('instructions') ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">Instructions</p>
          <pre className="max-h-96 overflow-auto rounded-md border border-border bg-muted/40 p-3 text-xs leading-5 whitespace-pre-wrap break-words">
            {diffLines(from.behaviour.instructions, to.behaviour.instructions).map((line, index) => (
              <div
                key={index}
                className={
                  line.kind === 'added'
                    ? 'bg-green-500/15 text-green-800 dark:text-green-200'
                    : line.kind === 'removed'
                      ? 'bg-red-500/15 text-red-800 line-through dark:text-red-200'
                      : ''
                }
              >
                <span aria-hidden className="mr-2 select-none text-muted-foreground">
                  {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
                </span>
                <span className="sr-only">{line.kind === 'same' ? '' : `${line.kind}: `}</span>
                {line.text || ' '}
              </div>
            ))}
          </pre>
        </div>
      ) : null}
      <dl className="grid gap-2 text-sm">
        {agentBehaviourFields
          .filter((field) => field !== 'instructions' && changed.includes(field))
          .map((field) => (
            <div key={field} className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="font-medium">{fieldLabels[field]}</dt>
              <dd className="break-words">
                <span className="text-red-700 line-through dark:text-red-300">{showValue(from.behaviour[field])}</span>{' '}
                → <span className="text-green-700 dark:text-green-300">{showValue(to.behaviour[field])}</span>
              </dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

function GateRefusal(props: {
  gate: GateResult;
  versionNumber: number;
  canOverride: boolean;
  note: string;
  onNoteChange: (note: string) => void;
  isPending: boolean;
  onOverride: () => void;
}) {
  const { gate } = props;
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-red-500/30 bg-red-500/5 p-4">
      <p className="font-medium">
        Version {props.versionNumber} was not published: its pass rate is {gate.candidatePassRate ?? 0}% against{' '}
        {gate.baselinePassRate ?? 0}% for the published version (at most {gate.threshold} points lower allowed).
      </p>
      <div className="grid gap-1">
        <p className="text-sm font-medium">Failing questions</p>
        <ul className="grid gap-2 text-sm">
          {gate.failingQuestions.map((question, index) => (
            <li key={index} className="rounded-md border border-border bg-background p-2">
              <p className="font-medium break-words">
                {question.question} {question.isRegression ? <Badge variant="error">Passed before</Badge> : null}
              </p>
              <p className="text-muted-foreground break-words">{question.reasoning}</p>
            </li>
          ))}
        </ul>
      </div>
      {props.canOverride ? (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (props.note.trim()) props.onOverride();
          }}
        >
          <Label htmlFor="gate-override-note">Why publish anyway? (admins)</Label>
          <Textarea
            id="gate-override-note"
            value={props.note}
            onChange={(event) => props.onNoteChange(event.target.value)}
            rows={2}
            maxLength={500}
          />
          <div>
            <Button type="submit" variant="destructive" disabled={!props.note.trim() || props.isPending}>
              Publish anyway
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">
          An admin of this sub account can publish it anyway, with a note.
        </p>
      )}
    </div>
  );
}

/**
 * Members may add a gate or lower its allowed drop; removing it, choosing another evaluation or
 * allowing a larger drop lets more through, an override only admins make (the server checks too).
 */
function GateSettings({
  subaccountId,
  agentId,
  canEdit,
  canLoosen,
}: {
  subaccountId: string;
  agentId: string;
  canEdit: boolean;
  canLoosen: boolean;
}) {
  const queryClient = useQueryClient();
  const gate = useQuery(agentGateQuery(subaccountId, agentId));
  const runs = useQuery({ ...gateCandidatesQuery(), enabled: canEdit });
  const [draft, setDraft] = useState<{ runId: string; threshold: string } | null>(null);
  const save = useMutation({
    mutationFn: (next: { runId: string; threshold: number } | null) =>
      updateGate({ subaccountId, agentId, gate: next }),
    onSuccess: (reply) => {
      queryClient.setQueryData(versionKeys.gate(subaccountId, agentId), reply);
      setDraft(null);
      toast.success(reply.gate ? 'Regression gate saved' : 'Regression gate removed');
    },
  });
  const current = gate.data?.gate ?? null;
  const values = draft ?? { runId: current?.runId ?? '', threshold: String(current?.threshold ?? 5) };
  const choices = (runs.data?.evaluations ?? []).filter(
    (run) => run.agent?.buildId === agentId && run.status === 'finished',
  );
  const threshold = Number(values.threshold);
  const isValid = values.runId !== '' && Number.isFinite(threshold) && threshold >= 0 && threshold <= 100;
  const isLocked = !canLoosen && isGateLoosening(current, { runId: values.runId, threshold });

  return (
    <div className="grid gap-3 border-t border-border pt-4">
      <h3 className="flex items-center gap-2 font-medium">
        <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
        Regression gate
      </h3>
      <p className="text-sm text-muted-foreground">
        {current
          ? `Before each publish, "${gate.data?.runName ?? 'the chosen evaluation'}" runs again against the new version; publishing is refused when its pass rate drops by more than ${current.threshold} points.`
          : 'Name an evaluation of this agent: it runs again before each publish, and a drop in the pass rate stops the publish.'}
      </p>
      {canEdit ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (isValid) save.mutate({ runId: values.runId, threshold });
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1 sm:min-w-64">
            <Label htmlFor="gate-run">Evaluation</Label>
            <select
              id="gate-run"
              className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm"
              value={values.runId}
              onChange={(event) => setDraft({ ...values, runId: event.target.value })}
            >
              <option value="">Choose a finished evaluation…</option>
              {choices.map((run) => (
                <option key={run.id} value={run.id}>
                  {run.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid w-36 gap-1">
            <Label htmlFor="gate-threshold">Allowed drop (points)</Label>
            <Input
              id="gate-threshold"
              type="number"
              min={0}
              max={100}
              step={1}
              value={values.threshold}
              onChange={(event) => setDraft({ ...values, threshold: event.target.value })}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" variant="outline" disabled={!isValid || isLocked || save.isPending}>
              Save gate
            </Button>
            {current && canLoosen ? (
              <Button variant="ghost" onClick={() => save.mutate(null)} disabled={save.isPending}>
                Remove
              </Button>
            ) : null}
          </div>
          {current && !canLoosen ? (
            <p className={cn('basis-full text-sm', isLocked ? 'text-destructive' : 'text-muted-foreground')}>
              Only admins can remove the gate, choose another evaluation or allow a larger drop.
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
