import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUpRight, GraduationCap, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { MentorAgentFacts, MentorMessage } from '@agentry/core/optimize';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { WorkspacePage } from '@/components/ui/workspace-page';
import { cn } from '@/lib/cn';
import { buildsQuery, mentorThreadQuery, optimizeKeys, sendMentorMessage } from '../api/optimize-api';

const STARTERS = [
  'Why did answers fail in the latest evaluation?',
  'What should I change in the instructions?',
  'How do I test a change before visitors get it?',
];

const channelLabels: Record<string, string> = {
  widget: 'Website widget',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
  api: 'API',
  webhook: 'Webhook',
  demo: 'Demos',
};

/** `/aimentor`: a coach that knows the chosen agent and opens the screen for the next step. */
export function AiMentorPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const builds = useQuery(buildsQuery());
  const agents = builds.data?.builds ?? [];
  const agentId = searchParams.get('agentId') ?? agents[0]?.buildId ?? null;

  if (builds.isLoading) {
    return (
      <WorkspacePage className="grid gap-4">
        <Skeleton className="h-10 w-full sm:w-72" />
        <Skeleton className="h-64 w-full" />
      </WorkspacePage>
    );
  }
  if (builds.isError) {
    return (
      <WorkspacePage>
        <ErrorState
          message={builds.error.message}
          onRetry={() => void builds.refetch()}
          isRetrying={builds.isFetching}
        />
      </WorkspacePage>
    );
  }
  if (agents.length === 0 || !agentId) {
    return (
      <WorkspacePage>
        <EmptyState
          icon={GraduationCap}
          title="Build an agent to get coaching"
          description="The AI Mentor coaches you on one of your agents: why answers failed, what to change and how to test it."
          action={<LinkButton to="/agents/create">Build an agent</LinkButton>}
        />
      </WorkspacePage>
    );
  }
  return (
    <WorkspacePage className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Coaching on your agent</h2>
        <p className="text-sm text-muted-foreground">
          The mentor knows the agent’s version, tools, latest evaluation and conversations on every channel.
        </p>
      </div>
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor="mentor-agent">Agent</Label>
        <OptionSelect
          id="mentor-agent"
          value={agentId}
          options={agents.map((agent) => ({ value: agent.buildId, label: agent.aiName }))}
          onValueChange={(value) => setSearchParams(new URLSearchParams({ agentId: value }), { replace: true })}
        />
      </div>
      <MentorChat key={agentId} agentId={agentId} />
    </WorkspacePage>
  );
}

function MentorChat({ agentId }: { agentId: string }) {
  const queryClient = useQueryClient();
  const thread = useQuery(mentorThreadQuery(agentId));
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (message: string) => sendMentorMessage({ agentId, message }),
    onMutate: (message) => setDraft((current) => (current === message ? '' : current)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: optimizeKeys.mentorThread(agentId) }),
    onError: (error, message) => {
      setDraft(message);
      toast.error(error.message);
    },
  });
  const messages = thread.data?.messages ?? [];
  const pending = send.isPending ? send.variables : null;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, pending]);

  const submit = (text: string) => {
    const message = text.trim();
    if (message === '' || send.isPending) return;
    send.mutate(message);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit(draft);
    }
  };

  if (thread.isLoading) return <Skeleton className="h-80 w-full" />;
  if (thread.isError || !thread.data) {
    return (
      <ErrorState
        message={thread.error?.message ?? 'Failed to load the AI Mentor'}
        onRetry={() => void thread.refetch()}
        isRetrying={thread.isFetching}
      />
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
      <section
        aria-label="Conversation with the AI Mentor"
        className="flex min-h-[28rem] min-w-0 flex-col rounded-[var(--radius-card)] border border-border bg-card"
      >
        <div className="flex-1 space-y-4 overflow-y-auto p-4" aria-live="polite">
          {messages.length === 0 && !pending ? (
            <div className="grid gap-3">
              <p className="text-sm text-muted-foreground">Ask anything about this agent, or start with:</p>
              <div className="flex flex-wrap gap-2">
                {STARTERS.map((starter) => (
                  <Button
                    key={starter}
                    variant="outline"
                    size="sm"
                    className="h-auto py-1.5 whitespace-normal text-left"
                    onClick={() => submit(starter)}
                  >
                    {starter}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
          {pending ? (
            <>
              <MessageBubble
                message={{
                  id: 'pending',
                  role: 'user',
                  content: pending,
                  actions: [],
                  isOffline: false,
                  createdAt: '',
                }}
              />
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> The mentor is thinking…
              </p>
            </>
          ) : null}
          <div ref={endRef} />
        </div>
        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-border p-3">
          <Label htmlFor="mentor-message" className="sr-only">
            Your question
          </Label>
          <Textarea
            id="mentor-message"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Ask the mentor about this agent"
            rows={2}
            className="min-h-11 resize-none"
            maxLength={4000}
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={draft.trim() === '' || send.isPending}>
            <SendHorizontal aria-hidden />
          </Button>
        </form>
      </section>
      <FactsPanel facts={thread.data.facts} />
    </div>
  );
}

function MessageBubble({ message }: { message: MentorMessage }) {
  const isUser = message.role === 'user';
  return (
    <div className={cn('flex', isUser ? 'justify-end' : 'justify-start')}>
      <div className={cn('grid max-w-[85%] gap-2', isUser && 'justify-items-end')}>
        <p className="sr-only">{isUser ? 'You' : 'AI Mentor'}</p>
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5 text-sm whitespace-pre-wrap break-words',
            isUser ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
          )}
        >
          {message.content}
        </div>
        {message.actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {message.actions.map((action) => (
              <LinkButton
                key={action.kind}
                to={action.path}
                size="sm"
                variant={action.kind === 'open-proposal' ? 'default' : 'outline'}
              >
                {action.label}
                <ArrowUpRight aria-hidden />
              </LinkButton>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function FactsPanel({ facts }: { facts: MentorAgentFacts }) {
  const channels = Object.entries(facts.conversationsByChannel).filter(([, total]) => total > 0);
  const run = facts.latestRun;
  return (
    <aside
      aria-label="What the mentor knows"
      className="grid content-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 text-sm"
    >
      <h3 className="font-semibold">{facts.aiName}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <dt className="text-muted-foreground">Version</dt>
        <dd className="min-w-0 break-words">{facts.versionLabel ?? '–'}</dd>
        <dt className="text-muted-foreground">Model</dt>
        <dd className="min-w-0 break-words">{facts.model}</dd>
        <dt className="text-muted-foreground">Tools</dt>
        <dd className="min-w-0 break-words">{facts.toolNames.length > 0 ? facts.toolNames.join(', ') : 'None'}</dd>
        <dt className="text-muted-foreground">Latest test</dt>
        <dd className="min-w-0 break-words">{run ? `${run.passes} of ${run.judged} passed` : 'Not tested yet'}</dd>
      </dl>
      <div className="grid gap-1">
        <p className="text-muted-foreground">Conversations</p>
        {channels.length === 0 ? (
          <p>None yet on any channel.</p>
        ) : (
          <ul className="grid gap-0.5">
            {channels.map(([channel, total]) => (
              <li key={channel} className="flex justify-between gap-2">
                <span>{channelLabels[channel] ?? channel}</span>
                <span className="tabular-nums">{total}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
