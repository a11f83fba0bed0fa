import type { WidgetChatBody, WidgetChatReply } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import type { ReplyResult } from '../llm/generate-reply';
import type { PreparedWidgetChat } from './prepare-widget-chat';
import { saveWidgetTurn } from './save-widget-turn';

/** Stores an answered message and shapes the visitor's reply (docs/product/widget.md#routes). */
export async function completeWidgetChat(options: {
  db: Database;
  prepared: PreparedWidgetChat;
  body: WidgetChatBody;
  result: ReplyResult;
}): Promise<WidgetChatReply> {
  const { prepared, result } = options;
  const { conversationId } = await saveWidgetTurn({
    db: options.db,
    connectionId: prepared.connectionId,
    dailyReservation: prepared.dailyReservation,
    conversation: prepared.conversation,
    newConversationId: prepared.newConversationId,
    contactIdentifier: prepared.contactIdentifier,
    contact: options.body.contact,
    threadId: result.threadId,
    agentId: prepared.agent.agentId,
    userText: options.body.message,
    answerText: result.text,
    askedAt: prepared.askedAt,
    answeredAt: new Date(),
  });
  return {
    message: result.text,
    threadId: result.threadId,
    widgetConversationThreadId: conversationId,
    ...(prepared.conversation ? {} : { newWidgetConversationThreadId: conversationId }),
    contactIdentifier: prepared.contactIdentifier,
  };
}
