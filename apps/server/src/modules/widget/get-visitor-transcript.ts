import { and, asc, eq } from 'drizzle-orm';
import type { ConversationTranscript } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { liveConversationColumns } from './list-conversations';
import { markVisitorRead } from './mark-visitor-read';
import { toLiveConversation } from './to-live-conversation';
import { widgetConversation, widgetMessage, widgetVisitor } from './widget.tables';

/**
 * One of a visitor's own conversations with every message, oldest first: the server's copy the
 * widget falls back to when the browser kept no history (third-party storage blocked). The
 * contactIdentifier must be the conversation's visitor's; any other answers 404 like a missing one.
 * Opening it marks it read for the visitor.
 */
export async function getVisitorTranscriptOrThrow(options: {
  db: Database;
  connectionId: string;
  conversationId: string;
  contactIdentifier: string;
}): Promise<ConversationTranscript> {
  const { db, connectionId, conversationId, contactIdentifier } = options;
  const [row] = await db
    .select(liveConversationColumns)
    .from(widgetConversation)
    .innerJoin(widgetVisitor, eq(widgetVisitor.id, widgetConversation.visitorId))
    .where(
      and(
        eq(widgetConversation.id, conversationId),
        eq(widgetConversation.connectionId, connectionId),
        eq(widgetVisitor.contactIdentifier, contactIdentifier),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
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
  await markVisitorRead({ db, conversationId });
  return {
    conversation: { ...toLiveConversation(row), unreadCount: 0, contactEmail: null },
    messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
  };
}
