import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DemoChatError, sendDemoMessage } from '../api/send-demo-message';
import {
  buildWelcomeMessage,
  describeDemoChatFailure,
  FAKE_BOT_CLOCK,
  hasUserMessage,
  toDemoHistory,
  visibleDemoMessages,
  withLimitNotice,
  type DemoChatMessage,
} from '../lib/demo-chat-rules';

type DemoChatOptions = {
  demoId: string;
  type: string;
  showWelcomeMessage: boolean;
  welcomeMessage: string;
  /** The sms demo of an OpenRouter agent answers through /api/openrouter/chat. */
  openRouter?: { agentId: string; model: string } | null;
  /** Called after every answered turn with the server's request count when it sent one. */
  onAnswered?: (requestCount: number | null) => void;
  /** The demo had used its whole request limit when the page loaded. */
  isLimitReached?: boolean;
};

export type DemoChat = {
  messages: DemoChatMessage[];
  isSending: boolean;
  threadId: string | null;
  /** Sends a trimmed, non-empty text; ignored while a reply is pending. */
  send: (text: string) => Promise<void>;
  /** Back to the welcome message (when enabled) or empty, with a fresh thread. */
  clear: () => void;
  /** The request limit is reached: the limit notice shows once and the input stays disabled. */
  isClosed: boolean;
};

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(nextId += 1)}`;
const clockNow = () => new Date().toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

type ChatState = { demoId: string; messages: DemoChatMessage[]; threadId: string | null; isClosed: boolean };

/** docs/product/demos.md#chatting, Demo chat: one conversation with a demo's agent, kept in the page. */
export function useDemoChat({
  demoId,
  type,
  showWelcomeMessage,
  welcomeMessage,
  openRouter,
  onAnswered,
  isLimitReached = false,
}: DemoChatOptions): DemoChat {
  const [state, setState] = useState<ChatState>({ demoId, messages: [], threadId: null, isClosed: false });
  const [isSending, setIsSending] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  // Read inside send() without re-creating it on every keystroke of the settings.
  const latest = useRef({
    isClosed: false,
    state,
    isSending,
    type,
    openRouter,
    onAnswered,
    welcome: buildWelcomeMessage({ showWelcomeMessage, welcomeMessage }),
  });
  latest.current = {
    isClosed: latest.current.isClosed,
    state,
    isSending,
    type,
    openRouter,
    onAnswered,
    welcome: buildWelcomeMessage({ showWelcomeMessage, welcomeMessage }),
  };

  // A change of demo resets messages and thread.
  if (state.demoId !== demoId) {
    setState({ demoId, messages: [], threadId: null, isClosed: false });
  }
  useEffect(() => {
    abortRef.current?.abort();
    setIsSending(false);
  }, [demoId]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(async (text: string) => {
    const message = text.trim();
    const current = latest.current;
    if (message === '' || current.isSending || current.isClosed) return;
    const { demoId: turnDemoId, threadId } = current.state;
    // The first user message freezes the welcome message it answers.
    const before = hasUserMessage(current.state.messages)
      ? current.state.messages
      : current.welcome
        ? [current.welcome]
        : [];
    const userMessage: DemoChatMessage = { id: newId('user'), type: 'user', content: message, timestamp: clockNow() };
    const typingId = newId('bot');
    const placeholder: DemoChatMessage = {
      id: typingId,
      type: 'bot',
      content: '',
      timestamp: FAKE_BOT_CLOCK,
      isTyping: true,
    };
    const history = toDemoHistory(before);
    latest.current.isSending = true;
    setIsSending(true);
    setState({ demoId: turnDemoId, threadId, isClosed: false, messages: [...before, userMessage, placeholder] });

    const controller = new AbortController();
    abortRef.current = controller;
    const replace = (update: Partial<DemoChatMessage>, nextThreadId?: string | null) =>
      setState((previous) =>
        previous.demoId !== turnDemoId
          ? previous
          : {
              ...previous,
              isClosed: previous.isClosed || update.isLimit === true,
              threadId: nextThreadId === undefined ? previous.threadId : nextThreadId,
              messages: previous.messages.map((candidate) =>
                candidate.id === typingId ? { ...candidate, isTyping: false, ...update } : candidate,
              ),
            },
      );
    try {
      const answer = await sendDemoMessage({
        demoId: turnDemoId,
        message,
        threadId,
        history,
        openRouter: current.openRouter,
        signal: controller.signal,
      });
      replace({ content: answer.content }, answer.threadId ?? threadId);
      current.onAnswered?.(answer.requestCount);
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = describeDemoChatFailure(
        current.type,
        error instanceof DemoChatError ? error.message : null,
        error instanceof DemoChatError ? error.code : null,
      );
      if (failure.closesChat) latest.current.isClosed = true;
      replace(
        failure.closesChat ? { content: failure.bubble, isLimit: true } : { content: failure.bubble, isError: true },
      );
      if (failure.toast) toast.error(failure.toast);
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        latest.current.isSending = false;
        setIsSending(false);
      }
    }
  }, []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    latest.current.isSending = false;
    setIsSending(false);
    // Clear starts afresh, but a reached limit stays reached.
    setState((previous) => ({ demoId: previous.demoId, messages: [], threadId: null, isClosed: previous.isClosed }));
  }, []);

  const isClosed = state.isClosed || isLimitReached;
  latest.current.isClosed = isClosed;
  return {
    messages: withLimitNotice(
      visibleDemoMessages(state.messages, buildWelcomeMessage({ showWelcomeMessage, welcomeMessage })),
      isClosed,
    ),
    isClosed,
    isSending,
    threadId: state.threadId,
    send,
    clear,
  };
}
