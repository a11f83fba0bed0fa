import type { MailboxMessage } from '@agentry/core/auth';
import { Inbox, Link2, Mail, ServerOff, Wrench } from 'lucide-react';
import { useDeferredValue, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { isMailboxElsewhere, isMailboxOff, useDevMailbox } from '../api/dev-mailbox';

/**
 * A development tool: shows the e-mails (magic links) the embedded mailer would have sent,
 * so sign-in works offline. The server answers 404 when the mailbox is off.
 */
export function DevMailboxPage() {
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('email') ?? '';
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const mailbox = useDevMailbox(deferredFilter);

  function updateFilter(value: string) {
    setSearchParams(value ? { email: value } : {}, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
              <Wrench className="size-4" aria-hidden />
            </span>
            <div>
              <h1 className="text-lg font-semibold leading-tight">Dev Mailbox</h1>
              <p className="text-xs text-muted-foreground">Sign-in e-mails captured by the local mailer</p>
            </div>
          </div>
          <Badge variant="warning">Development tool</Badge>
        </div>
      </header>

      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        {isMailboxOff(mailbox.error) ? null : (
          <p className="rounded-[var(--radius-control)] border border-warning/30 bg-warning/10 px-4 py-3 text-sm">
            Nothing here is sent to a real inbox. When no SMTP server is configured, the API keeps the e-mails it would
            have sent and lists them here so you can follow a sign-in link. This page refreshes every 3 seconds.
          </p>
        )}

        <div className="grid gap-2">
          <Label htmlFor={filterId}>Filter by recipient</Label>
          <Input
            id={filterId}
            type="email"
            placeholder="you@company.com"
            value={filter}
            onChange={(event) => updateFilter(event.target.value)}
            autoComplete="off"
          />
        </div>

        <section aria-labelledby={`${filterId}-heading`} className="grid gap-3">
          <h2 id={`${filterId}-heading`} className="sr-only">
            Messages
          </h2>
          <MailboxContent state={mailbox} />
        </section>
      </main>
    </div>
  );
}

function MailboxContent({ state }: { state: ReturnType<typeof useDevMailbox> }) {
  if (state.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading messages">
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-9 w-40" />
          </div>
        ))}
      </div>
    );
  }
  if (state.isError && isMailboxOff(state.error)) {
    return (
      <EmptyState
        className="w-full"
        icon={ServerOff}
        title="The dev mailbox is off"
        description="This server sends e-mail for real (as in production), so it keeps no copies here. Check the inbox of the address you signed in with."
        action={
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to home
          </Link>
        }
      />
    );
  }
  if (state.isError && isMailboxElsewhere(state.error)) {
    return (
      <EmptyState
        className="w-full"
        icon={ServerOff}
        title="The dev mailbox answers only on the server's machine"
        description="Open this page in a browser on the computer that runs the server (http://localhost), or read the sign-in link in the server's log."
        action={
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Back to home
          </Link>
        }
      />
    );
  }
  if (state.isError) {
    return (
      <ErrorState
        title="Couldn't load the mailbox"
        message={state.error.message}
        onRetry={() => void state.refetch()}
        isRetrying={state.isFetching}
      >
        <p className="text-xs text-muted-foreground">
          Is the API server running? This page keeps trying every 3 seconds.
        </p>
      </ErrorState>
    );
  }
  if (state.data.messages.length === 0) {
    return (
      <EmptyState
        className="w-full"
        icon={Inbox}
        title="No messages yet"
        description="Ask for a sign-in link with Continue with Email; it shows up here within a few seconds."
      />
    );
  }
  return (
    <ul className="grid gap-3">
      {state.data.messages.map((message) => (
        <MailboxItem key={message.id} message={message} />
      ))}
    </ul>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function MailboxItem({ message }: { message: MailboxMessage }) {
  const sentAt = new Date(message.createdAt);
  return (
    <li className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">{message.subject}</h3>
        <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
          {Number.isNaN(sentAt.getTime()) ? message.createdAt : timeFormat.format(sentAt)}
        </time>
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Mail className="size-4 shrink-0" aria-hidden />
        <span className="break-all">To {message.to}</span>
      </p>
      {message.text ? (
        <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{message.text}</p>
      ) : null}
      {message.link ? (
        <a href={message.link} className={cn(buttonVariants({ size: 'sm' }), 'w-fit')}>
          <Link2 aria-hidden />
          Open sign-in link
        </a>
      ) : null}
    </li>
  );
}
