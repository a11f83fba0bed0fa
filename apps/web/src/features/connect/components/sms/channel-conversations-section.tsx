import { useQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { channelConversationsQuery, channelTranscriptQuery } from '../../api/sms-api';

const REFRESH_MS = 15_000;

/** SMS and WhatsApp threads of the sub account beside the widget's, with the channel badge and transcript. */
/** Who wrote a transcript line: the contact, the agent, a team member, or a campaign send. */
const messageAuthorLabels: Record<string, string> = {
  user: 'Contact',
  assistant: 'Agent',
  human: 'Team',
  campaign: 'Campaign',
};

export function ChannelConversationsSection({ subaccountId }: { subaccountId: string }) {
  const conversations = useQuery({ ...channelConversationsQuery(subaccountId), refetchInterval: REFRESH_MS });
  const [openId, setOpenId] = useState<string | null>(null);
  if (conversations.isPending) {
    return (
      <div role="status" aria-label="Loading SMS and WhatsApp conversations" className="px-4 py-4 sm:px-6">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (conversations.isError) {
    return (
      <div className="px-4 py-6 sm:px-6">
        <ErrorState
          title="Failed to load conversations"
          message={conversations.error.message}
          onRetry={() => void conversations.refetch()}
          isRetrying={conversations.isFetching}
        />
      </div>
    );
  }
  const list = conversations.data.conversations;
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="channel-conversations-title" className="grid gap-3 px-4 pb-8 sm:px-6">
      <h2 id="channel-conversations-title" className="text-base font-semibold">
        SMS &amp; WhatsApp conversations
      </h2>
      <ul className="grid gap-2">
        {list.map((conversation) => (
          <li key={conversation.id} className="rounded-[var(--radius-card)] border border-border bg-card">
            <button
              type="button"
              className="flex w-full items-center gap-3 p-3 text-left"
              aria-expanded={openId === conversation.id}
              onClick={() => setOpenId(openId === conversation.id ? null : conversation.id)}
            >
              <MessageSquareText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="grid min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {conversation.contactName ?? conversation.contactAddress}
                  <Badge variant={conversation.channel === 'whatsapp' ? 'success' : 'viewer'}>
                    {conversation.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}
                  </Badge>
                  {conversation.optedOut && <Badge variant="warning">Opted out</Badge>}
                  {conversation.unreadCount > 0 && <Badge>{conversation.unreadCount} new</Badge>}
                </span>
                <span className="truncate text-xs text-muted-foreground">{conversation.lastMessage}</span>
              </span>
            </button>
            {openId === conversation.id && <Transcript conversationId={conversation.id} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Transcript({ conversationId }: { conversationId: string }) {
  const transcript = useQuery({ ...channelTranscriptQuery(conversationId), refetchInterval: REFRESH_MS });
  if (transcript.isPending) return <Skeleton className="m-3 h-12" />;
  if (transcript.isError) return <p className="p-3 text-sm text-destructive">{transcript.error.message}</p>;
  return (
    <ol aria-label="Transcript" className="grid gap-2 border-t border-border p-3">
      {transcript.data.messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'max-w-[85%] rounded-lg px-3 py-2 text-sm',
            message.direction === 'inbound' ? 'justify-self-start bg-muted' : 'justify-self-end bg-primary/10',
            message.status === 'failed' && 'border border-red-500/40 bg-red-500/5',
          )}
        >
          <p className="whitespace-pre-wrap">{message.content || '—'}</p>
          <p className="mt-1 text-[11px] text-muted-foreground">
            {messageAuthorLabels[message.role] ?? 'Team'} · {new Date(message.createdAt).toLocaleString()} ·{' '}
            {message.status === 'failed' ? `not sent (${message.errorCode ?? 'error'})` : message.status}
          </p>
        </li>
      ))}
    </ol>
  );
}
