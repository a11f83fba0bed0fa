import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { DemoChat } from '../hooks/use-demo-chat';
import { useScrollToEnd } from '../hooks/use-scroll-to-end';

type DemoChatLogProps = {
  chat: DemoChat;
  /** Spacing of the look (gap, padding). */
  className: string;
  renderMessage: (message: DemoChat['messages'][number]) => ReactNode;
  /** Shown above the messages (e.g. a contact card or a date line). */
  children?: ReactNode;
};

/** The scrolling conversation of a demo look, kept at its newest message. */
export function DemoChatLog({ chat, className, renderMessage, children }: DemoChatLogProps) {
  const logRef = useRef<HTMLDivElement>(null);
  useScrollToEnd(logRef, chat.messages);
  return (
    <div
      ref={logRef}
      role="log"
      aria-label="Conversation"
      aria-busy={chat.isSending}
      className={cn('flex min-h-0 flex-1 flex-col overflow-y-auto', className)}
    >
      {children}
      {chat.messages.map(renderMessage)}
    </div>
  );
}
