import { formatCount, localizedRelativeTime } from '@agentry/core/widget-languages';
import { relativeTimeBadge, shownPreview } from '@agentry/core/widget-rules';
import type { ChatWidgetHistoryItem } from './chat-widget-types';
import { TrashIcon } from './icons';
import type { ResolvedWidgetTexts } from './resolve-widget-texts';

type HistoryViewProps = {
  texts: ResolvedWidgetTexts;
  language: string;
  items: readonly ChatWidgetHistoryItem[];
  now: number;
  /** This browser keeps the conversations itself; false: they come from the server only. */
  isKeptLocally?: boolean;
  onSelect?: (id: string) => void;
  onDelete?: (id: string) => void;
  onStartNewChat?: () => void;
};

/** Previous conversations: relative-time badge, last-message preview, message count, delete, unread dot. */
export function HistoryView({
  texts,
  language,
  items,
  now,
  isKeptLocally = true,
  onSelect,
  onDelete,
  onStartNewChat,
}: HistoryViewProps) {
  if (items.length === 0) {
    return (
      <div className="aw-body aw-empty">
        <p className="aw-empty-title">{texts.noConversations}</p>
        <p className="aw-empty-hint">
          {isKeptLocally ? texts.startConversationHint : texts.startConversationHintServer}
        </p>
        {onStartNewChat ? (
          <button type="button" className="aw-primary" onClick={onStartNewChat}>
            {texts.startNewChat}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="aw-body aw-list" aria-label={texts.previousConversations}>
      {items.map((item) => (
        <li key={item.id} className="aw-list-item">
          <button type="button" className="aw-list-main" onClick={() => onSelect?.(item.id)}>
            <span className="aw-list-top">
              <span className="aw-badge" title={localizedRelativeTime(texts, language, item.timestamp, now)}>
                {relativeTimeBadge(item.timestamp, now)}
              </span>
              {item.label ? <span className="aw-list-label">{item.label}</span> : null}
              {item.hasUnread ? (
                <span className="aw-unread-dot">
                  <span className="aw-sr-only">{formatCount(texts.unreadCount, 1)}</span>
                </span>
              ) : null}
            </span>
            <span className="aw-list-preview">{shownPreview(item.lastMessage)}</span>
            <span className="aw-list-meta">
              {formatCount(texts.messageCount, item.messageCount)} ·{' '}
              {localizedRelativeTime(texts, language, item.timestamp, now)}
            </span>
          </button>
          {onDelete ? (
            <button
              type="button"
              className="aw-icon-button aw-delete"
              aria-label={texts.deleteConversation}
              onClick={() => onDelete(item.id)}
            >
              <TrashIcon className="aw-icon-sm" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
