import { useQuery } from '@tanstack/react-query';
import { relativeTimeText } from '@agentry/core/widget-rules';
import { Bot, User } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { transcriptQuery } from '../../api/connect-api';
import { visitorName } from './conversation-list';

/** One conversation's messages, refreshed with the list while it is open. */
export function TranscriptPanel({
  connectionId,
  threadId,
  now,
}: {
  connectionId: string;
  threadId: string;
  now: number;
}) {
  const transcript = useQuery({ ...transcriptQuery(connectionId, threadId), refetchInterval: 15_000 });
  const logRef = useRef<HTMLDivElement>(null);
  const count = transcript.data?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  if (transcript.isPending) {
    return (
      <div role="status" aria-label="Loading conversation" className="grid gap-3 p-4">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-14 w-3/4" />
        <Skeleton className="ml-auto h-10 w-2/3" />
        <Skeleton className="h-20 w-3/4" />
      </div>
    );
  }
  if (transcript.isError) {
    return (
      <div className="p-4">
        <ErrorState
          title="Failed to load the conversation"
          message={transcript.error.message}
          onRetry={() => void transcript.refetch()}
          isRetrying={transcript.isFetching}
        />
      </div>
    );
  }
  const { conversation, messages } = transcript.data;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold">
          {visitorName(conversation)}{' '}
          <span className="font-normal text-muted-foreground">#{conversation.customerNumber}</span>
        </h2>
        <p className="text-xs text-muted-foreground">
          {conversation.contactEmail ? `${conversation.contactEmail} · ` : ''}
          {messages.length === 1 ? '1 message' : `${messages.length} messages`} ·{' '}
          {conversation.status === 'live' ? 'Live' : 'Closed'}
        </p>
      </div>
      <div ref={logRef} role="log" aria-label="Transcript" className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages in this conversation.</p>
        ) : null}
        {messages.map((message) => {
          const isVisitor = message.role === 'user';
          return (
            <div key={message.id} className={cn('flex items-end gap-2', isVisitor && 'flex-row-reverse')}>
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
              >
                {isVisitor ? <User className="size-3.5" /> : <Bot className="size-3.5" />}
              </span>
              <div
                className={cn(
                  'max-w-[80%] rounded-2xl px-3 py-2 text-sm',
                  isVisitor
                    ? 'rounded-br-sm bg-primary text-primary-foreground'
                    : 'rounded-bl-sm bg-muted text-foreground',
                )}
              >
                <span className="sr-only">{isVisitor ? 'Visitor: ' : 'Agent: '}</span>
                <p className="whitespace-pre-wrap break-words">{message.content}</p>
                <time
                  dateTime={message.createdAt}
                  className={cn(
                    'mt-1 block text-[11px]',
                    isVisitor ? 'text-primary-foreground/75' : 'text-muted-foreground',
                  )}
                >
                  {relativeTimeText(Date.parse(message.createdAt), now)}
                </time>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
