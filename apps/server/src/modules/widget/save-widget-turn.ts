import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/database';
import type { DailyMessageReservation } from './take-daily-message';
import {
  widgetConnection,
  widgetConversation,
  widgetDailyCount,
  widgetDailyReservation,
  widgetMessage,
  widgetVisitor,
} from './widget.tables';

export type VisitorContact = { id?: string; name?: string; email?: string };

/** How much of the last message a conversation keeps for lists (the transcript has all of it). */
const LAST_MESSAGE_LENGTH = 500;

/**
 * Stores one answered visitor message inside the gateway's thread-turn transaction (one commit
 * for the whole turn): the visitor (a new one takes the widget's next customer number), the
 * conversation (created, or moved on), both messages, and the daily count raised for the
 * message's reservation, which goes (so the count is always the turns stored). Runs after the
 * LLM call, never around it.
 */
export async function saveWidgetTurn(
  tx: Transaction,
  options: {
    connectionId: string;
    /** The message's place under the daily limit (takeDailyMessageOrThrow). */
    dailyReservation: DailyMessageReservation;
    /** The conversation being continued, or null to start `newConversationId`. */
    conversation: { id: string; visitorId: string } | null;
    newConversationId: string;
    contactIdentifier: string;
    contact?: VisitorContact;
    threadId: string;
    agentId: string;
    userText: string;
    answerText: string;
    askedAt: Date;
    answeredAt: Date;
  },
): Promise<{ conversationId: string }> {
  const { connectionId, answeredAt } = options;
  const seen = {
    lastSeenAt: answeredAt,
    ...(options.contact?.name ? { name: options.contact.name } : {}),
    ...(options.contact?.email ? { email: options.contact.email } : {}),
    ...(options.contact?.id ? { externalId: options.contact.id } : {}),
  };
  const lastMessage = options.answerText.slice(0, LAST_MESSAGE_LENGTH);
  let conversationId: string;
  if (options.conversation) {
    conversationId = options.conversation.id;
    await tx.update(widgetVisitor).set(seen).where(eq(widgetVisitor.id, options.conversation.visitorId));
    await tx
      .update(widgetConversation)
      .set({
        threadId: options.threadId,
        agentId: options.agentId,
        lastMessage,
        lastMessageTime: answeredAt,
        totalMessages: sql`${widgetConversation.totalMessages} + 2`,
        unreadCount: sql`${widgetConversation.unreadCount} + 1`,
        status: 'live',
      })
      .where(eq(widgetConversation.id, conversationId));
  } else {
    conversationId = options.newConversationId;
    const visitorId = await upsertVisitor(tx, { connectionId, contactIdentifier: options.contactIdentifier, seen });
    await tx.insert(widgetConversation).values({
      id: conversationId,
      connectionId,
      visitorId,
      threadId: options.threadId,
      agentId: options.agentId,
      lastMessage,
      lastMessageTime: answeredAt,
      totalMessages: 2,
      unreadCount: 1,
      status: 'live',
      createdAt: options.askedAt,
    });
  }
  await tx.insert(widgetMessage).values([
    { id: randomUUID(), conversationId, role: 'user', content: options.userText, createdAt: options.askedAt },
    { id: randomUUID(), conversationId, role: 'assistant', content: options.answerText, createdAt: answeredAt },
  ]);
  // Last, and the counter row before the reservation (the order the limit check locks them in).
  await tx
    .insert(widgetDailyCount)
    .values({ connectionId, day: options.dailyReservation.day, count: 1 })
    .onConflictDoUpdate({
      target: [widgetDailyCount.connectionId, widgetDailyCount.day],
      set: { count: sql`${widgetDailyCount.count} + 1` },
    });
  await tx.delete(widgetDailyReservation).where(eq(widgetDailyReservation.id, options.dailyReservation.id));
  return { conversationId };
}

/**
 * The visitor's id; a visitor new to this widget takes the next customer number. The counter
 * row's lock makes concurrent first messages take distinct numbers; two first messages of the
 * same new visitor end on one row (the loser's number is skipped).
 */
async function upsertVisitor(
  tx: Transaction,
  options: { connectionId: string; contactIdentifier: string; seen: Partial<typeof widgetVisitor.$inferInsert> },
): Promise<string> {
  const { connectionId, contactIdentifier, seen } = options;
  const [known] = await tx
    .update(widgetVisitor)
    .set(seen)
    .where(and(eq(widgetVisitor.connectionId, connectionId), eq(widgetVisitor.contactIdentifier, contactIdentifier)))
    .returning({ id: widgetVisitor.id });
  if (known) return known.id;
  const [numbered] = await tx
    .update(widgetConnection)
    .set({ lastCustomerNumber: sql`${widgetConnection.lastCustomerNumber} + 1` })
    .where(eq(widgetConnection.id, connectionId))
    .returning({ customerNumber: widgetConnection.lastCustomerNumber });
  if (!numbered) throw new Error('widget connection vanished while saving a visitor');
  const [visitor] = await tx
    .insert(widgetVisitor)
    .values({ id: randomUUID(), connectionId, contactIdentifier, customerNumber: numbered.customerNumber, ...seen })
    .onConflictDoUpdate({
      target: [widgetVisitor.connectionId, widgetVisitor.contactIdentifier],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    })
    .returning({ id: widgetVisitor.id });
  if (!visitor) throw new Error('widget visitor upsert returned nothing');
  return visitor.id;
}
