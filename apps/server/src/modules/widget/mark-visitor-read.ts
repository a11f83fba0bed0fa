import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { widgetConversation } from './widget.tables';

/** The visitor has now seen every message of the conversation (an answer reached them, or they opened it). */
export async function markVisitorRead(options: { db: Database; conversationId: string }): Promise<void> {
  await options.db
    .update(widgetConversation)
    .set({ visitorReadMessages: widgetConversation.totalMessages })
    .where(eq(widgetConversation.id, options.conversationId));
}
