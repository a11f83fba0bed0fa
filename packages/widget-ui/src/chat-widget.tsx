import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
import { isRtl } from '@agentry/core/widget-languages';
import { launcherSizeFor, readableTextColor } from '@agentry/core/widget-rules';
import { ChatBubble } from './chat-bubble';
import { ChatListView } from './chat-list-view';
import type {
  ChatWidgetChatItem,
  ChatWidgetHistoryItem,
  ChatWidgetMessage,
  ChatWidgetMode,
  ChatWidgetSettings,
  ChatWidgetView,
} from './chat-widget-types';
import { HistoryView } from './history-view';
import { MessageView } from './message-view';
import { resolveWidgetTexts } from './resolve-widget-texts';
import { WidgetHeader } from './widget-header';
import { WidgetLauncher } from './widget-launcher';

export { resolveWidgetTexts, type ResolvedWidgetTexts } from './resolve-widget-texts';
export type {
  ChatWidgetChatItem,
  ChatWidgetHistoryItem,
  ChatWidgetMessage,
  ChatWidgetMode,
  ChatWidgetSettings,
  ChatWidgetView,
} from './chat-widget-types';

export type ChatWidgetProps = {
  settings: ChatWidgetSettings;
  mode: ChatWidgetMode;
  isOpen: boolean;
  view: ChatWidgetView;
  messages: readonly ChatWidgetMessage[];
  /** A reply is on its way: sending is blocked and the typing indicator shows until agent text arrives. */
  isPending: boolean;
  /** The conversation cannot continue: the composer and the suggested replies are disabled. */
  isInputDisabled?: boolean;
  /** Overrides the launcher diameter of the minimized size. */
  launcherPixels?: number;
  showBubble: boolean;
  isMobile?: boolean;
  /** Height of the on-screen keyboard (mobile), kept clear below the composer. */
  keyboardHeight?: number;
  history?: readonly ChatWidgetHistoryItem[];
  chats?: readonly ChatWidgetChatItem[];
  activeChatId?: string;
  /** The browser keeps conversations itself (the history's empty state says 'saved locally' only then). */
  isHistoryKeptLocally?: boolean;
  /** Clock for the relative-time badges (defaults to Date.now() at render). */
  now?: number;
  className?: string;
  /** The launcher + bubble box, measured by the iframe app to size the iframe. */
  dockRef?: Ref<HTMLDivElement>;
  /** The open window, measured by the iframe app to size a website block. */
  windowRef?: Ref<HTMLElement>;
  onOpen: () => void;
  onClose: () => void;
  onSend: (text: string) => void;
  onSuggestedReply: (text: string) => void;
  onDismissBubble?: () => void;
  onNewConversation?: () => void;
  onShowHistory?: () => void;
  /** The chat-list view (the menu's 'Chats'). */
  onShowChats?: () => void;
  onShowMessages?: () => void;
  onSelectHistory?: (id: string) => void;
  onDeleteHistory?: (id: string) => void;
  onSelectChat?: (id: string) => void;
  onDeleteChat?: (id: string) => void;
};

type CustomProperties = CSSProperties & Record<`--aw-${string}`, string>;

/**
 * The visitor's chat widget, fully controlled: the iframe app, the designer's Live Preview and the
 * demo pages own the state and pass it in. Renders the launcher and bubble while closed, the
 * window (message, previous-conversations or chat-list view) while open.
 */
export function ChatWidget(props: ChatWidgetProps) {
  const { settings, mode, view } = props;
  const isBlock = mode === 'block';
  // A block is always open and never takes the phone layout: it lives inside the page.
  const isOpen = isBlock || props.isOpen;
  const isMobile = !isBlock && props.isMobile === true;
  const texts = resolveWidgetTexts(settings);
  const isLegacy = settings.template === 'legacy';
  const style: CustomProperties = {
    '--aw-accent': settings.themeColor,
    '--aw-on-accent': readableTextColor(settings.themeColor),
    '--aw-width': `${settings.width}px`,
    '--aw-height': `${settings.height}px`,
    '--aw-launcher': `${props.launcherPixels ?? launcherSizeFor(settings.minimizedSize, isMobile)}px`,
    '--aw-keyboard': `${props.keyboardHeight ?? 0}px`,
  };
  if (isBlock && settings.block) {
    style['--aw-block-height'] = `${settings.block.height}px`;
    style['--aw-block-border'] = `${settings.block.borderWidth}px`;
    style['--aw-block-radius'] = `${settings.block.cornerRadius}px`;
  }
  const classes = [
    'aw-root',
    `aw-${settings.theme}`,
    `aw-mode-${mode}`,
    `aw-place-${settings.placement}`,
    isLegacy ? 'aw-legacy' : 'aw-professional',
    isMobile ? 'aw-mobile' : '',
    isOpen ? 'aw-is-open' : 'aw-is-closed',
    isBlock && settings.block?.fillContainer ? 'aw-block-fill' : '',
    props.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  // Focus follows the visitor: into the composer when the window opens (not on mobile, where it
  // would pop the keyboard), back to the launcher when it closes. Not on first render.
  const rootRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current === isOpen) return;
    wasOpen.current = isOpen;
    const target = isOpen
      ? isMobile
        ? null
        : rootRef.current?.querySelector<HTMLElement>('.aw-input')
      : rootRef.current?.querySelector<HTMLElement>('.aw-launcher');
    target?.focus();
  }, [isOpen, isMobile]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !isBlock) props.onClose();
  };

  return (
    <div
      ref={rootRef}
      className={classes}
      dir={isRtl(settings.language) ? 'rtl' : 'ltr'}
      lang={settings.language}
      style={style}
    >
      {isOpen ? (
        <section
          ref={props.windowRef}
          className="aw-window"
          role={isBlock ? 'region' : 'dialog'}
          aria-label={texts.title}
          onKeyDown={onKeyDown}
        >
          <WidgetHeader
            settings={settings}
            texts={texts}
            view={view}
            onClose={isBlock ? undefined : props.onClose}
            onBack={props.onShowMessages}
            onNewConversation={props.onNewConversation}
            onShowHistory={props.onShowHistory}
            onShowChats={props.onShowChats}
          />
          {view === 'messages' ? (
            <MessageView
              settings={settings}
              texts={texts}
              messages={props.messages}
              isPending={props.isPending}
              isDisabled={props.isInputDisabled === true}
              onSend={props.onSend}
              onSuggestedReply={props.onSuggestedReply}
            />
          ) : null}
          {view === 'history' ? (
            <HistoryView
              texts={texts}
              language={settings.language}
              items={props.history ?? []}
              now={props.now ?? Date.now()}
              isKeptLocally={props.isHistoryKeptLocally}
              onSelect={props.onSelectHistory}
              onDelete={props.onDeleteHistory}
              onStartNewChat={props.onNewConversation}
            />
          ) : null}
          {view === 'chats' ? (
            <ChatListView
              texts={texts}
              chats={props.chats ?? []}
              activeChatId={props.activeChatId}
              onSelect={props.onSelectChat}
              onDelete={props.onDeleteChat}
            />
          ) : null}
        </section>
      ) : (
        <div className="aw-dock" ref={props.dockRef}>
          {props.showBubble ? (
            <ChatBubble
              message={texts.bubbleMessage}
              openLabel={texts.openChat}
              closeLabel={texts.closeBubble}
              onOpen={props.onOpen}
              onDismiss={() => props.onDismissBubble?.()}
            />
          ) : null}
          <WidgetLauncher
            settings={settings}
            isMobile={isMobile}
            pixels={props.launcherPixels}
            label={texts.openChat}
            onOpen={props.onOpen}
          />
        </div>
      )}
    </div>
  );
}
