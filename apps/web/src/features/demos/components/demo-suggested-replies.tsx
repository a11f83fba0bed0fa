import type { ComponentProps } from 'react';
import type { DemoChat } from '../hooks/use-demo-chat';
import { SuggestedReplies } from './chat-composer';

type DemoSuggestedRepliesProps = { chat: DemoChat } & Omit<
  ComponentProps<typeof SuggestedReplies>,
  'onPick' | 'disabled'
>;

/** The suggested replies of a demo look: they send a turn, and go once the visitor has written. */
export function DemoSuggestedReplies({ chat, ...props }: DemoSuggestedRepliesProps) {
  if (chat.messages.some((message) => message.type === 'user')) return null;
  return <SuggestedReplies {...props} onPick={chat.send} disabled={chat.isSending || chat.isClosed} />;
}
