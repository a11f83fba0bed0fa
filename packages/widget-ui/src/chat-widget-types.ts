import type { WidgetSettings } from '@agentry/core/widget';

/** The settings the view reads: both WidgetSettings and PublicWidgetSettings fit. */
export type ChatWidgetSettings = Pick<
  WidgetSettings,
  | 'template'
  | 'theme'
  | 'themeColor'
  | 'showFirstMessage'
  | 'firstMessage'
  | 'logoUrl'
  | 'widgetTitle'
  | 'minimizedSize'
  | 'placement'
  | 'chatBubble'
  | 'inputPlaceholder'
  | 'typingIndicator'
  | 'width'
  | 'height'
  | 'logoCropPosition'
  | 'logoScale'
  | 'useLogoForAvatar'
  | 'useLogoForMinimizedWidget'
  | 'widgetLogoCropPosition'
  | 'widgetLogoScale'
  | 'avatarLogoCropPosition'
  | 'avatarLogoScale'
  | 'avatarLogoUrl'
  | 'widgetLogoUrl'
  | 'showAdditionalLogos'
  | 'suggestedResponses'
  | 'aiName'
  | 'language'
  | 'newConversationText'
  | 'previousConversationsText'
> &
  Partial<Pick<WidgetSettings, 'block' | 'logoWidth'>>;

export type ChatWidgetMessage = {
  id: string;
  content: string;
  sender: 'user' | 'agent';
  timestamp: number;
  /** The documented "Sorry, I'm having trouble connecting." bubble. */
  isError?: boolean;
};

/** An entry of the previous-conversations view. */
export type ChatWidgetHistoryItem = {
  id: string;
  timestamp: number;
  lastMessage: string;
  messageCount: number;
  hasUnread?: boolean;
  /** Shown instead of the title for live (server) conversations, e.g. 'Anonymous'. */
  label?: string;
};

/** An entry of the chat-list view. */
export type ChatWidgetChatItem = {
  id: string;
  title: string;
  lastMessage: string;
  unreadCount: number;
};

export type ChatWidgetView = 'messages' | 'history' | 'chats';

/**
 * 'preview': absolutely positioned inside the caller's relatively positioned box (designer, demos).
 * 'frame': fills the iframe, which the loader sizes from the resize-widget events.
 * 'block': the website block, always open and inline (no launcher, bubble or close button); it
 * grows with the conversation up to `settings.block.height`, or fills its box.
 */
export type ChatWidgetMode = 'preview' | 'frame' | 'block';
