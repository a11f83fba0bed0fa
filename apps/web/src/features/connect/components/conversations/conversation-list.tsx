import { relativeTimeText } from '@agentry/core/widget-rules';
import type { LiveConversation } from '@agentry/core/widget';
import { cn } from '@/lib/cn';

/** 'Anonymous' unless the visitor identified themselves. */
export function visitorName(conversation: Pick<LiveConversation, 'contactName'>) {
  return conversation.contactName?.trim() || 'Anonymous';
}

/** Newest first (the server already sorts; this keeps the rule when a refresh merges). */
export function newestFirst(conversations: readonly LiveConversation[]): LiveConversation[] {
  return [...conversations].sort((a, b) => Date.parse(b.lastMessageTime) - Date.parse(a.lastMessageTime));
}

type ConversationListProps = {
  conversations: readonly LiveConversation[];
  selectedThreadId: string | null;
  onSelect: (threadId: string) => void;
  now: number;
};

export function ConversationList({ conversations, selectedThreadId, onSelect, now }: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-border">
      {newestFirst(conversations).map((conversation) => {
        const isSelected = conversation.threadId === selectedThreadId;
        const name = visitorName(conversation);
        return (
          <li key={conversation.threadId}>
            <button
              type="button"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(conversation.threadId)}
              className={cn(
                'flex w-full cursor-pointer items-start gap-3 px-4 py-3 text-left transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                isSelected && 'bg-secondary/60',
              )}
            >
              <span
                aria-hidden
                className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
              >
                {name === 'Anonymous' ? '#' : name.charAt(0).toUpperCase()}
                {conversation.status === 'live' ? (
                  <span className="absolute -right-0.5 -top-0.5 size-2.5 rounded-full border-2 border-card bg-emerald-400" />
                ) : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="truncate text-sm font-medium">{name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">#{conversation.customerNumber}</span>
                  <time
                    dateTime={conversation.lastMessageTime}
                    className="ml-auto shrink-0 text-xs text-muted-foreground"
                  >
                    {relativeTimeText(Date.parse(conversation.lastMessageTime), now)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
                    {conversation.lastMessage}
                  </span>
                  {conversation.unreadCount > 0 ? (
                    <span
                      className="shrink-0 rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground"
                      aria-label={`${conversation.unreadCount} unread`}
                    >
                      {conversation.unreadCount}
                    </span>
                  ) : null}
                </span>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {conversation.totalMessages === 1 ? '1 message' : `${conversation.totalMessages} messages`}
                  {conversation.status === 'live' ? ' · Live' : ''}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
