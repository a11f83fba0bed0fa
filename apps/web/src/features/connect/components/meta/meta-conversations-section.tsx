import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MetaConversation } from '@agentry/core/meta-dms';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { metaConversationsQuery, metaTranscriptQuery } from '../../api/meta-dms-api';

const REFRESH_MS = 15_000;
const channelBadge = {
  instagram: { label: 'instagram-dms', variant: 'admin' },
  messenger: { label: 'facebook-dms', variant: 'viewer' },
} as const;

const roleLabels = { user: 'Customer', assistant: 'Agent', human: 'Team', campaign: 'Campaign' } as const;

/**
 * The dashboard's Instagram and Messenger conversations, each with its channel badge. Shown
 * only when the account has some; a conversation opens its transcript in a side sheet.
 */
export function MetaConversationsSection({ subaccountId }: { subaccountId: string }) {
  const conversations = useQuery({ ...metaConversationsQuery(subaccountId), refetchInterval: REFRESH_MS });
  const [open, setOpen] = useState<MetaConversation | null>(null);
  const list = conversations.data?.conversations ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="meta-conversations-heading" className="border-b border-border px-4 py-4 sm:px-6">
      <h2 id="meta-conversations-heading" className="text-sm font-semibold">
        Instagram and Messenger
      </h2>
      <ul className="mt-3 grid gap-2">
        {list.map((conversation) => {
          const badge = channelBadge[conversation.channel];
          return (
            <li key={conversation.conversationId}>
              <button
                type="button"
                onClick={() => setOpen(conversation)}
                className="flex w-full cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border bg-card px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Badge variant={badge.variant}>{badge.label}</Badge>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{conversation.contact}</span>
                  <span className="block truncate text-xs text-muted-foreground">{conversation.lastMessage}</span>
                </span>
                {conversation.pausedUntil && Date.parse(conversation.pausedUntil) > Date.now() ? (
                  <Badge variant="warning">Handed over</Badge>
                ) : null}
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatRelativeTime(conversation.lastMessageTime)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Sheet open={open !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}>
        <SheetContent side="right" className="flex w-full flex-col gap-4 sm:max-w-md">
          {open ? <MetaTranscriptView conversation={open} /> : null}
        </SheetContent>
      </Sheet>
    </section>
  );
}

function MetaTranscriptView({ conversation }: { conversation: MetaConversation }) {
  const transcript = useQuery(metaTranscriptQuery(conversation.connectionId, conversation.conversationId));
  return (
    <>
      <SheetHeader>
        <SheetTitle>{conversation.contact}</SheetTitle>
        <SheetDescription>
          {conversation.channel === 'instagram' ? 'Instagram' : 'Messenger'} · {conversation.totalMessages} messages
        </SheetDescription>
      </SheetHeader>
      <div role="log" aria-label="Transcript" className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
        {transcript.isPending ? <Skeleton className="h-24" /> : null}
        {transcript.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {transcript.error.message}
          </p>
        ) : null}
        {transcript.data?.messages.map((message) => (
          <div
            key={message.id}
            className={cn(
              'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
              message.role === 'user' ? 'self-start bg-muted' : 'self-end bg-primary/10',
              message.status === 'failed' && 'border border-red-500/40 bg-red-500/5',
            )}
          >
            <p className="mb-0.5 text-[11px] font-medium text-muted-foreground">
              {roleLabels[message.role]}
              {message.status === 'failed' ? ` · not sent (${message.errorCode ?? 'error'})` : ''}
            </p>
            <p className="whitespace-pre-wrap break-words">{message.content || '—'}</p>
          </div>
        ))}
      </div>
    </>
  );
}
