import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceMessages, REPLY_MAX_LENGTH, type MarketplaceProject } from '@agentry/core/marketplace';
import { CircleCheckBig, Inbox, LogIn, Mail, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { formatRelativeTime } from '@/lib/relative-time';
import { requestSignIn } from '@/lib/sign-in-events';
import { marketplaceKeys, repliesQuery, sendReply } from '../api/marketplace-api';
import { useMarketplaceAccess } from '../hooks/use-marketplace-access';
import { MY_PROJECTS_PATH } from '../lib/project-labels';
import { PlanRequiredNotice, requestMarketplacePlan } from './plan-required-notice';

/** Contact by reply (signed-in users with marketplace access); the author sees the replies instead. */
export function ContactPanel({ project }: { project: MarketplaceProject }) {
  const { isSignedIn, hasAccess, isCheckingAccess } = useMarketplaceAccess();
  const location = useLocation();

  if (project.isOwner) return <RepliesPanel project={project} />;
  if (!isSignedIn) {
    return (
      <Panel title="Interested in this project?">
        <p className="text-sm text-muted-foreground">
          Sign in to send {project.authorName} a message. They get it by e-mail and can answer you directly.
        </p>
        <Button onClick={() => requestSignIn({ reason: 'user', callbackUrl: location.pathname })}>
          <LogIn aria-hidden />
          Sign in to reply
        </Button>
      </Panel>
    );
  }
  if (isCheckingAccess) {
    return (
      <Panel title="Contact the author">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-10 w-32" />
      </Panel>
    );
  }
  if (!hasAccess) {
    return (
      <Panel title="Contact the author">
        <PlanRequiredNotice
          returnUrl={location.pathname}
          detail="Replying to projects needs a plan with marketplace access."
        />
      </Panel>
    );
  }
  if (project.status === 'closed') {
    return (
      <Panel title="Contact the author">
        <p className="text-sm text-muted-foreground">This project is closed and no longer accepts replies.</p>
      </Panel>
    );
  }
  return <ReplyForm project={project} />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm"
    >
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function ReplyForm({ project }: { project: MarketplaceProject }) {
  const inputId = useId();
  const errorId = useId();
  const location = useLocation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPlanNeeded, setIsPlanNeeded] = useState(false);

  const send = useMutation({
    mutationFn: (text: string) => sendReply(project.id, text),
    meta: { silentError: true },
    onSuccess: () => {
      setMessage('');
      setError(null);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.kind === 'plan') {
        setIsPlanNeeded(true);
        requestMarketplacePlan(location.pathname);
        return;
      }
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : 'Failed to send your reply');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (text === '') return setError(marketplaceMessages.replyRequired);
    if (text.length > REPLY_MAX_LENGTH) return setError(marketplaceMessages.replyTooLong);
    setError(null);
    send.mutate(text);
  }

  if (send.isSuccess) {
    return (
      <Panel title="Contact the author">
        <div role="status" className="grid justify-items-center gap-2 py-4 text-center">
          <CircleCheckBig className="size-8 text-success" aria-hidden />
          <p className="font-medium">Reply sent</p>
          <p className="text-sm text-muted-foreground">
            {project.authorName} gets your message by e-mail and can answer you at your account e-mail.
          </p>
        </div>
        <Button variant="outline" onClick={() => send.reset()}>
          Send another message
        </Button>
      </Panel>
    );
  }

  return (
    <Panel title="Contact the author">
      {isPlanNeeded ? <PlanRequiredNotice returnUrl={location.pathname} /> : null}
      <form noValidate onSubmit={submit} className="grid gap-3">
        <div className="grid gap-2">
          <div className="flex items-end justify-between gap-3">
            <Label htmlFor={inputId}>Your message</Label>
            <span
              className={
                message.length > REPLY_MAX_LENGTH
                  ? 'text-xs font-semibold text-destructive'
                  : 'text-xs text-muted-foreground'
              }
            >
              {message.length}/{REPLY_MAX_LENGTH}
            </span>
          </div>
          <Textarea
            id={inputId}
            rows={6}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              if (error) setError(null);
            }}
            placeholder={`Introduce yourself to ${project.authorName} and say how you can help.`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={send.isPending}
          />
          <FieldError id={errorId}>{error ?? undefined}</FieldError>
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <Send aria-hidden />}
          Send reply
        </Button>
      </form>
    </Panel>
  );
}

function RepliesPanel({ project }: { project: MarketplaceProject }) {
  const queryClient = useQueryClient();
  const replies = useQuery(repliesQuery(project.id));
  return (
    <Panel title="Replies">
      <p className="text-sm text-muted-foreground">
        This is your project. Replies also reach you by e-mail.{' '}
        <Link to={MY_PROJECTS_PATH} className="font-medium text-primary underline-offset-2 hover:underline">
          Manage your projects
        </Link>
      </p>
      {replies.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading replies">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : replies.isError ? (
        <ErrorState
          title="Replies could not load"
          message={replies.error instanceof ApiError ? replies.error.message : 'Unable to connect to the service.'}
          onRetry={() => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.replies(project.id) })}
          isRetrying={replies.isFetching}
          className="px-4 py-6"
        />
      ) : replies.data.replies.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-[var(--radius-control)] border border-dashed border-border px-4 py-8 text-center">
          <Inbox className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">No replies yet</p>
          <p className="text-xs text-muted-foreground">When someone answers, their message shows here.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Replies">
          {replies.data.replies.map((reply) => (
            <li key={reply.id} className="grid gap-2 rounded-[var(--radius-control)] border border-border p-3">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate font-medium">{reply.authorName}</span>
                <time dateTime={reply.createdAt} className="shrink-0 text-xs text-muted-foreground">
                  {formatRelativeTime(reply.createdAt)}
                </time>
              </div>
              <p className="whitespace-pre-wrap break-words text-sm">{reply.message}</p>
              <a
                href={`mailto:${reply.authorEmail}`}
                className="inline-flex w-fit items-center gap-1.5 text-xs font-medium text-primary underline-offset-2 hover:underline"
              >
                <Mail className="size-3.5" aria-hidden />
                {reply.authorEmail}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
