import { formatCount } from '@agentry/core/widget-languages';
import { shownPreview } from '@agentry/core/widget-rules';
import type { ChatWidgetChatItem } from './chat-widget-types';
import { TrashIcon } from './icons';
import type { ResolvedWidgetTexts } from './resolve-widget-texts';

type ChatListViewProps = {
  texts: ResolvedWidgetTexts;
  chats: readonly ChatWidgetChatItem[];
  activeChatId?: string;
  onSelect?: (id: string) => void;
  onDelete?: (id: string) => void;
};

/** Open chats: title, last message, unread count; delete only while more than one chat exists. */
export function ChatListView({ texts, chats, activeChatId, onSelect, onDelete }: ChatListViewProps) {
  const canDelete = chats.length > 1 && onDelete;
  return (
    <ul className="aw-body aw-list" aria-label={texts.chats}>
      {chats.map((chat) => (
        <li key={chat.id} className={`aw-list-item${chat.id === activeChatId ? ' aw-list-item-active' : ''}`}>
          <button
            type="button"
            className="aw-list-main"
            aria-current={chat.id === activeChatId ? 'true' : undefined}
            onClick={() => onSelect?.(chat.id)}
          >
            <span className="aw-list-top">
              <span className="aw-list-label">{chat.title}</span>
              {chat.unreadCount > 0 ? (
                <span className="aw-count" aria-label={formatCount(texts.unreadCount, chat.unreadCount)}>
                  {chat.unreadCount}
                </span>
              ) : null}
            </span>
            <span className="aw-list-preview">{shownPreview(chat.lastMessage)}</span>
          </button>
          {canDelete ? (
            <button
              type="button"
              className="aw-icon-button aw-delete"
              aria-label={texts.deleteConversation}
              onClick={() => onDelete(chat.id)}
            >
              <TrashIcon className="aw-icon-sm" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
