import { and, asc, eq } from 'drizzle-orm';
import type { ConversationTranscript } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { liveConversationColumns } from './list-conversations';
import { toLiveConversation } from './to-live-conversation';
import { widgetConversation, widgetMessage, widgetVisitor } from './widget.tables';

/** One conversation of a widget with every message, oldest first; opening it marks it read. */
export async function getConversationTranscriptOrThrow(options: {
  db: Database;
  connectionId: string;
  conversationId: string;
}): Promise<ConversationTranscript> {
  const { db, connectionId, conversationId } = options;
  const [row] = await db
    .update(widgetConversation)
    .set({ unreadCount: 0 })
    .where(and(eq(widgetConversation.id, conversationId), eq(widgetConversation.connectionId, connectionId)))
    .returning({ id: widgetConversation.id });
  if (!row) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  const [conversation] = await db
    .select(liveConversationColumns)
    .from(widgetConversation)
    .innerJoin(widgetVisitor, eq(widgetVisitor.id, widgetConversation.visitorId))
    .where(eq(widgetConversation.id, conversationId))
    .limit(1);
  if (!conversation) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  const messages = await db
    .select({
      id: widgetMessage.id,
      role: widgetMessage.role,
      content: widgetMessage.content,
      createdAt: widgetMessage.createdAt,
    })
    .from(widgetMessage)
    .where(eq(widgetMessage.conversationId, conversationId))
    .orderBy(asc(widgetMessage.position));
  return {
    conversation: toLiveConversation(conversation),
    messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
  };
}
