import type { WidgetChatBody, WidgetChatReply } from '@agentry/core/widget';
import type { ReplyResult } from '../llm/generate-reply';
import type { ChannelTurn } from '../llm/save-thread-turn';
import type { PreparedWidgetChat } from './prepare-widget-chat';
import { toWidgetTurn } from './to-widget-turn';

/** The conversation a prepared message lands in: the one continued, or the new one. */
export function conversationIdOf(prepared: PreparedWidgetChat): string {
  return prepared.conversation?.id ?? prepared.newConversationId;
}

/**
 * What the gateway writes with the thread turn, in its one statement (generateReply's
 * `channelTurnOf`): the visitor's side of an answered message (docs/product/widget.md#routes).
 */
export function storeWidgetTurn(options: { prepared: PreparedWidgetChat; body: WidgetChatBody; signal: AbortSignal }) {
  const { prepared, body, signal } = options;
  return (result: ReplyResult): ChannelTurn =>
    toWidgetTurn({
      connectionId: prepared.connectionId,
      dailyReservation: prepared.dailyReservation,
      conversation: prepared.conversation,
      newConversationId: prepared.newConversationId,
      contactIdentifier: prepared.contactIdentifier,
      contact: body.contact,
      threadId: result.threadId,
      agentId: prepared.agent.agentId,
      userText: body.message,
      answerText: result.text,
      askedAt: prepared.askedAt,
      answeredAt: new Date(),
      isVisitorWaiting: !signal.aborted,
    });
}

/** The visitor's reply for a stored answer. */
export function toWidgetChatReply(prepared: PreparedWidgetChat, result: ReplyResult): WidgetChatReply {
  const conversationId = conversationIdOf(prepared);
  return {
    message: result.text,
    threadId: result.threadId,
    widgetConversationThreadId: conversationId,
    ...(prepared.conversation ? {} : { newWidgetConversationThreadId: conversationId }),
    contactIdentifier: prepared.isContactIdentifierAnswered ? prepared.contactIdentifier : '',
  };
}
