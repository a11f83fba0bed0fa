import { useCallback, useEffect, useRef, useState } from 'react';
import { showErrorDialog } from '@/components/error-dialog';
import { streamRunPrompt, toChatErrorDialogInput } from '../api/run-prompt-stream';

export const EMPTY_REPLY_MESSAGE = 'AI assistant returned an empty response. Please try again.';

export type TestChatMessage = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** streaming: still arriving; stopped: the user stopped it; failed: no answer came. */
  status: 'done' | 'streaming' | 'stopped' | 'failed';
};

let sequence = 0;
const nextId = () => `m${(sequence += 1)}`;

/**
 * The agent page's test chat: streams each answer token by token and keeps the thread id the
 * server gives, so later turns continue the same conversation until New chat.
 */
export function useTestChat(agentId: string) {
  const [messages, setMessages] = useState<TestChatMessage[]>([]);
  const [isSending, setIsSending] = useState(false);
  const threadId = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const patch = useCallback((id: string, change: Partial<TestChatMessage>) => {
    setMessages((current) => current.map((message) => (message.id === id ? { ...message, ...change } : message)));
  }, []);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (message === '' || controller.current) return false;
      const userId = nextId();
      const answerId = nextId();
      setMessages((current) => [
        ...current,
        { id: userId, role: 'user', content: message, status: 'done' },
        { id: answerId, role: 'assistant', content: '', status: 'streaming' },
      ]);
      const current = new AbortController();
      controller.current = current;
      setIsSending(true);
      try {
        const reply = await streamRunPrompt({
          body: { assistantId: agentId, threadId: threadId.current, message },
          signal: current.signal,
          onText: (content) => patch(answerId, { content }),
        });
        threadId.current = reply.threadId;
        if (reply.message.trim() === '') throw new Error(EMPTY_REPLY_MESSAGE);
        patch(answerId, { content: reply.message, status: 'done' });
      } catch (error) {
        if (current.signal.aborted) {
          setMessages((list) =>
            list.flatMap((item) =>
              item.id !== answerId ? [item] : item.content ? [{ ...item, status: 'stopped' as const }] : [],
            ),
          );
        } else {
          setMessages((list) =>
            list.flatMap((item) =>
              item.id === answerId ? [] : item.id === userId ? [{ ...item, status: 'failed' as const }] : [item],
            ),
          );
          showErrorDialog(toChatErrorDialogInput(error), {
            onRetry: () => {
              setMessages((list) => list.filter((item) => item.id !== userId));
              void send(message);
            },
          });
        }
      } finally {
        if (controller.current === current) controller.current = null;
        setIsSending(false);
      }
      return true;
    },
    [agentId, patch],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const startNewChat = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    threadId.current = null;
    setMessages([]);
    setIsSending(false);
  }, []);

  return { messages, isSending, send, stop, startNewChat, threadId: threadId.current };
}
