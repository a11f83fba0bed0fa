import { useEffect, useRef, useState, type JSX } from 'react';
import type { WidgetHistoryEntry, WidgetSettings } from '@agentry/core/widget';
import { shouldArchiveChat, storedPreview } from '@agentry/core/widget-rules';
import { ChatWidget, type ChatWidgetHistoryItem, type ChatWidgetMessage, type ChatWidgetView } from './chat-widget';
import { resolveWidgetTexts } from './resolve-widget-texts';

export type WidgetPreviewProps = {
  settings: WidgetSettings;
  /**
   * Answers a message. `conversationId` names the conversation it belongs to: a new one after New
   * Conversation, the archived chat's own when one is reopened (docs/product/widget.md#in-the-visitors-browser).
   * A caller that keeps a server thread keeps one per conversation id, so a new conversation starts
   * a new thread and a reopened one continues its own.
   */
  onSend?: (text: string, history: WidgetHistoryEntry[], conversationId: string) => Promise<string>;
  initiallyOpen?: boolean;
  className?: string;
  /** 'block': the website block, always open and inline in the caller's box. */
  mode?: 'preview' | 'block';
  /**
   * The conversation is over (a demo at its request limit): this text ends the conversation once
   * and the input is disabled.
   */
  closedNotice?: string | null;
  /** A launcher diameter other than the minimized size's (the demo launcher is 56 px). */
  launcherPixels?: number;
};

/** docs/product/widget.md#texts: the agent bubble on a failed send. */
export const CONNECTION_ERROR_TEXT = "Sorry, I'm having trouble connecting.";
export const SIMULATED_REPLY_MS = 1000;
/** docs/product/agents.md#answering-every-channel: a reply without text. */
export const EMPTY_REPLY_TEXT = 'AI assistant returned an empty response. Please try again.';
/** The product does not show the simulated reply's text. */
export const SIMULATED_REPLY_TEXT = 'This is a preview reply. Once the widget is deployed, your agent answers here.';

let idCounter = 0;
function nextId(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${idCounter}`;
}

function greetingFor(settings: WidgetSettings): ChatWidgetMessage[] {
  if (!settings.showFirstMessage) return [];
  return [
    { id: 'greeting', content: resolveWidgetTexts(settings).firstMessage, sender: 'agent', timestamp: Date.now() },
  ];
}

function toHistory(messages: readonly ChatWidgetMessage[]): WidgetHistoryEntry[] {
  return messages
    .filter((message) => message.id !== 'greeting' && !message.isError && message.content.trim() !== '')
    .map((message) => ({ role: message.sender === 'user' ? 'user' : 'assistant', content: message.content }));
}

type ArchivedChat = ChatWidgetHistoryItem & { messages: ChatWidgetMessage[] };

/**
 * A self-contained widget for the designer's Live Preview and the demo pages: it positions
 * itself (absolute) inside the caller's relatively positioned box and keeps its own state.
 */
export function WidgetPreview({
  settings,
  onSend,
  initiallyOpen = false,
  className,
  mode = 'preview',
  closedNotice = null,
  launcherPixels,
}: WidgetPreviewProps): JSX.Element {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const [view, setView] = useState<ChatWidgetView>('messages');
  const [conversation, setConversation] = useState<ChatWidgetMessage[]>([]);
  const [isPending, setIsPending] = useState(false);
  const [archived, setArchived] = useState<ArchivedChat[]>([]);
  // The open conversation's id; archiving it replaces its earlier copy.
  const [conversationId, setConversationId] = useState(() => nextId('chat'));
  const [bubble, setBubble] = useState({ key: '', isDismissed: false, isDue: false });
  const generation = useRef(0);

  // While the visitor has not written, the greeting follows the settings live.
  const hasUserMessage = conversation.some((message) => message.sender === 'user');
  const shown = hasUserMessage ? conversation : [...greetingFor(settings), ...conversation];
  const messages =
    closedNotice && shown[shown.length - 1]?.content !== closedNotice
      ? [...shown, { id: 'closed-notice', content: closedNotice, sender: 'agent' as const, timestamp: Date.now() }]
      : shown;

  // The bubble resets whenever its settings change, and appears after its delay.
  const bubbleKey = `${settings.chatBubble.enabled}|${settings.chatBubble.message}|${settings.chatBubble.delaySeconds}|${settings.language}`;
  if (bubble.key !== bubbleKey)
    setBubble({ key: bubbleKey, isDismissed: false, isDue: settings.chatBubble.delaySeconds <= 0 });
  useEffect(() => {
    if (bubble.isDue || !settings.chatBubble.enabled) return;
    const timer = setTimeout(
      () => setBubble((current) => ({ ...current, isDue: true })),
      settings.chatBubble.delaySeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [bubble.isDue, bubble.key, settings.chatBubble.enabled, settings.chatBubble.delaySeconds]);
  const showBubble = !isOpen && settings.chatBubble.enabled && !bubble.isDismissed && bubble.isDue;

  const send = (text: string, withHistory: boolean) => {
    if (isPending || closedNotice || text.trim() === '') return;
    const sentIn = generation.current;
    const before = messages;
    const userMessage: ChatWidgetMessage = { id: nextId('user'), content: text, sender: 'user', timestamp: Date.now() };
    setConversation([...before, userMessage]);
    setIsPending(true);
    const reply = onSend
      ? onSend(text, withHistory ? toHistory(before) : [], conversationId)
      : new Promise<string>((resolve) => setTimeout(() => resolve(SIMULATED_REPLY_TEXT), SIMULATED_REPLY_MS));
    const finish = (content: string, isError: boolean) => {
      if (generation.current !== sentIn) return;
      setConversation((current) => [
        ...current,
        { id: nextId('agent'), content, sender: 'agent', timestamp: Date.now(), isError },
      ]);
      setIsPending(false);
    };
    reply.then(
      (answer) => (answer.trim() === '' ? finish(EMPTY_REPLY_TEXT, true) : finish(answer, false)),
      (error: unknown) => {
        const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
        finish(detail ? `${CONNECTION_ERROR_TEXT} (Error: ${detail})` : CONNECTION_ERROR_TEXT, true);
      },
    );
  };

  // New Conversation and reopening an older chat archive the current one (docs/product/widget.md#in-the-visitors-browser), replacing its earlier copy.
  const archiveCurrent = () => {
    if (!shouldArchiveChat(messages)) return;
    const last = messages[messages.length - 1];
    const entry: ArchivedChat = {
      id: conversationId,
      timestamp: Date.now(),
      lastMessage: storedPreview(last?.content ?? ''),
      messageCount: messages.length,
      messages,
    };
    setArchived((current) => [entry, ...current.filter((other) => other.id !== conversationId)].slice(0, 10));
  };

  const startNewConversation = () => {
    archiveCurrent();
    generation.current += 1;
    setConversation([]);
    setConversationId(nextId('chat'));
    setIsPending(false);
    setView('messages');
  };

  return (
    <ChatWidget
      className={className}
      settings={settings}
      mode={mode}
      isOpen={isOpen}
      view={view}
      messages={messages}
      isPending={isPending}
      isInputDisabled={Boolean(closedNotice)}
      launcherPixels={launcherPixels}
      showBubble={showBubble}
      history={archived}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      onSend={(text) => send(text, true)}
      onSuggestedReply={(text) => send(text, false)}
      onDismissBubble={() => setBubble((current) => ({ ...current, isDismissed: true }))}
      onNewConversation={startNewConversation}
      onShowHistory={() => setView('history')}
      onShowMessages={() => setView('messages')}
      onSelectHistory={(id) => {
        const selected = archived.find((entry) => entry.id === id);
        if (selected && selected.messages.length > 0) {
          archiveCurrent();
          generation.current += 1;
          setIsPending(false);
          setConversation(selected.messages);
          setConversationId(selected.id);
        }
        setView('messages');
      }}
      onDeleteHistory={(id) => setArchived((current) => current.filter((entry) => entry.id !== id))}
    />
  );
}
