import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateAgentFromIdeaBody } from '@agentry/core/agents';
import { AlertTriangle, ArrowRight, Building2, Eye, FilePlus2, RotateCw, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { agentKeys } from '@/lib/queries/agents';
import { agentPagePath, createBlankAgent } from '../api/agents-api';
import { CreationProgress } from '../components/creation-progress';
import { IdeaExamples } from '../components/idea-examples';
import { useIdeaDraft, writeIdeaDraft } from '../hooks/use-idea-draft';
import { useSubaccount } from '../hooks/use-subaccount';
import { isCreating } from '../lib/agent-creation-state';
import {
  getAgentCreationSnapshot,
  resetAgentCreation,
  startAgentCreation,
  subscribeAgentCreation,
  watchAgentCreation,
} from '../lib/agent-creation-store';

const IDEA_MAX_LENGTH = 4000;
/** How long the progress shows at least, so an instant build does not just flash. */
const MIN_PROGRESS_MS = 900;

/** `/agents/create`: the idea box (the default landing after sign-in). */
export function CreateAgentPage() {
  const { subaccount, canEdit } = useSubaccount();
  const creation = useSyncExternalStore(subscribeAgentCreation, getAgentCreationSnapshot, getAgentCreationSnapshot);
  const { idea, setIdea, clear } = useIdeaDraft();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ideaId = useId();
  const hintId = useId();
  const errorId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // While this page shows the creation, a finished build opens here; leaving after it finished starts fresh next time.
  useEffect(() => {
    const unwatch = watchAgentCreation();
    return () => {
      unwatch();
      if (getAgentCreationSnapshot().phase === 'ready') resetAgentCreation();
    };
  }, []);

  // Ready: open the new agent (its page reads it from the cache at once) and forget the draft.
  // The progress stays up for a moment even when the build was instant, so it can be read.
  const readyAgent = creation.phase === 'ready' ? creation.agent : null;
  const startedAt = creation.startedAt;
  useEffect(() => {
    if (!readyAgent) return;
    queryClient.setQueryData(agentKeys.detail(readyAgent.subaccountId, readyAgent.buildId), readyAgent);
    void queryClient.invalidateQueries({ queryKey: agentKeys.lists(readyAgent.subaccountId) });
    clear();
    const wait = Math.max(0, MIN_PROGRESS_MS - (Date.now() - (startedAt ?? 0)));
    const timer = setTimeout(() => void navigate(agentPagePath(readyAgent)), wait);
    return () => clearTimeout(timer);
  }, [readyAgent, startedAt, queryClient, clear, navigate]);

  const blank = useMutation({
    mutationFn: createBlankAgent,
    onSuccess: (agent) => {
      queryClient.setQueryData(agentKeys.detail(agent.subaccountId, agent.buildId), agent);
      void queryClient.invalidateQueries({ queryKey: agentKeys.lists(agent.subaccountId) });
      void navigate(agentPagePath(agent));
    },
  });

  if (!subaccount) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Building2}
          title="No sub account yet"
          description="Agents belong to a sub account (a client). Once you are a member of one, you can create its agents here."
        />
      </div>
    );
  }

  const trimmed = idea.trim();
  const validation = CreateAgentFromIdeaBody.safeParse({ idea });
  const tooLong = trimmed.length > IDEA_MAX_LENGTH;
  const canSubmit = canEdit && validation.success && !isCreating(creation);
  const isBusy = isCreating(creation) || creation.phase === 'ready';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    void startAgentCreation({
      subaccountId: subaccount.id,
      idea: trimmed,
      onReadyUnwatched: (agent) => {
        queryClient.setQueryData(agentKeys.detail(agent.subaccountId, agent.buildId), agent);
        void queryClient.invalidateQueries({ queryKey: agentKeys.lists(agent.subaccountId) });
        writeIdeaDraft('');
        toast.success(`${agent.aiName} is ready`, {
          action: { label: 'Open', onClick: () => void navigate(agentPagePath(agent)) },
        });
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
  };

  const pickExample = (text: string) => {
    setIdea(text);
    textareaRef.current?.focus();
  };

  return (
    <div className="relative isolate">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-secondary/70 to-transparent dark:from-secondary/30"
      />
      <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:px-6 lg:py-14">
        <div className="grid gap-3 text-center">
          <span className="mx-auto inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-card px-3 py-1 text-xs font-medium text-primary">
            <Sparkles className="size-3.5" aria-hidden />
            New agent for {subaccount.name}
          </span>
          <h2 className="text-balance text-2xl font-semibold tracking-tight sm:text-3xl">What should your agent do?</h2>
          <p className="mx-auto max-w-xl text-pretty text-sm text-muted-foreground sm:text-base">
            Describe the job in a sentence or two. Agentry drafts the name, instructions, first message and suggested
            replies; you can change all of it afterwards.
          </p>
        </div>

        {!canEdit ? (
          <p className="flex items-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 text-sm">
            <Eye className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              You have view-only access to {subaccount.name}. Ask an admin for member access, or switch to a sub account
              where you can create agents.
            </span>
          </p>
        ) : null}

        {isBusy ? (
          <CreationProgress phase={creation.phase} idea={creation.idea} startedAt={creation.startedAt} />
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <div className="rounded-[var(--radius-card)] border border-border bg-card p-2 shadow-sm transition-shadow duration-150 focus-within:border-primary/60 focus-within:shadow-md">
              <Label htmlFor={ideaId} className="sr-only">
                Describe your agent
              </Label>
              <Textarea
                id={ideaId}
                ref={textareaRef}
                value={idea}
                onChange={(event) => setIdea(event.target.value)}
                onKeyDown={onKeyDown}
                disabled={!canEdit}
                rows={5}
                autoFocus={canEdit}
                placeholder="e.g. A friendly receptionist for a dental clinic that answers questions about treatments and books appointments."
                aria-describedby={`${hintId}${creation.phase === 'error' ? ` ${errorId}` : ''}`}
                aria-invalid={tooLong || undefined}
                className="min-h-36 resize-y border-0 bg-transparent text-base shadow-none focus-visible:outline-none sm:text-[15px]"
              />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-2 pt-2">
                <p id={hintId} className={tooLong ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
                  {trimmed.length}/{IDEA_MAX_LENGTH} · <kbd className="font-sans">Ctrl</kbd>+
                  <kbd className="font-sans">Enter</kbd> to create · Your draft is saved on this device
                </p>
                <Button type="submit" disabled={!canSubmit} className="w-full sm:w-auto">
                  <Sparkles aria-hidden />
                  Create agent
                  <ArrowRight aria-hidden />
                </Button>
              </div>
            </div>
            {tooLong ? <FieldError>The idea must be at most 4000 characters</FieldError> : null}

            {creation.phase === 'error' ? (
              <div
                id={errorId}
                role="alert"
                className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center"
              >
                <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">The agent could not be created</p>
                  <p className="text-sm text-muted-foreground">{creation.errorMessage}</p>
                </div>
                <Button type="submit" variant="outline" disabled={!canSubmit}>
                  <RotateCw aria-hidden />
                  Try again
                </Button>
              </div>
            ) : null}
          </form>
        )}

        {isBusy ? null : <IdeaExamples onPick={pickExample} disabled={!canEdit} />}

        {isBusy ? null : (
          <div className="flex flex-col items-center gap-2 border-t border-border pt-6 text-center">
            <p className="text-sm text-muted-foreground">Prefer to write the instructions yourself?</p>
            <Button
              variant="outline"
              disabled={!canEdit || blank.isPending}
              onClick={() => blank.mutate(subaccount.id)}
            >
              <FilePlus2 aria-hidden />
              {blank.isPending ? 'Creating…' : 'Start from a blank agent'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
