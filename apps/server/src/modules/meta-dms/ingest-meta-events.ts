import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { metaChannelOf } from '@agentry/core/meta-dms';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/queue/job-queue';
import { channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { QUEUED_REPLY_MS } from './fail-stale-queued-replies';
import type { MetaEvent } from './parse-meta-webhook';
import { readMetaSettings, type MetaConnectionRow } from './meta-connection';

export const META_REPLY_QUEUE = 'meta-dm-reply';
export type MetaReplyJob = { messageId: string };

const LAST_MESSAGE_LENGTH = 500;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function upsertConversation(
  tx: Transaction,
  row: MetaConnectionRow,
  customerId: string,
  inboundAt: Date | null,
): Promise<{ conversationId: string; contactId: string; pausedUntil: Date | null }> {
  const channel = metaChannelOf[row.serviceType];
  const [contact] = await tx
    .insert(channelContact)
    .values({ id: randomUUID(), connectionId: row.id, channel, address: customerId, lastInboundAt: inboundAt })
    .onConflictDoUpdate({
      target: [channelContact.connectionId, channelContact.channel, channelContact.address],
      // The window runs from the person's latest message; a late, older delivery never shortens it.
      set: inboundAt
        ? {
            lastInboundAt: sql`greatest(coalesce(${channelContact.lastInboundAt}, 'epoch'::timestamptz), excluded.last_inbound_at)`,
          }
        : { address: sql`excluded.address` },
    })
    .returning({ id: channelContact.id });
  if (!contact) throw new Error('channel contact upsert returned nothing');
  const [conversation] = await tx
    .insert(channelConversation)
    // '' = no gateway thread yet; the first answer creates it.
    .values({
      id: randomUUID(),
      connectionId: row.id,
      contactId: contact.id,
      channel,
      threadId: '',
      agentId: row.agentId,
    })
    .onConflictDoUpdate({ target: channelConversation.contactId, set: { status: 'live' } })
    .returning({ id: channelConversation.id, pausedUntil: channelConversation.pausedUntil });
  if (!conversation) throw new Error('channel conversation upsert returned nothing');
  return { conversationId: conversation.id, contactId: contact.id, pausedUntil: conversation.pausedUntil };
}

/**
 * The agent's reply an echo is of, when the reply job has stored it (queued, before sending) and
 * the Send API has not answered yet: the echo can come first, and Instagram's carries no app id.
 * The reply takes the echo's mid and counts as sent; answers whether one was found.
 */
async function claimEchoedReply(
  tx: Transaction,
  options: { conversationId: string; mid: string; text: string; now: Date },
) {
  const isWaiting = and(
    eq(channelMessage.conversationId, options.conversationId),
    eq(channelMessage.direction, 'outbound'),
    eq(channelMessage.role, 'assistant'),
    eq(channelMessage.status, 'queued'),
    isNull(channelMessage.providerMessageId),
    eq(channelMessage.content, options.text),
    // One a crash left behind is not waiting for anything: a team member's same words are theirs.
    gt(channelMessage.createdAt, new Date(options.now.getTime() - QUEUED_REPLY_MS)),
  );
  const claimed = await tx
    .update(channelMessage)
    .set({ providerMessageId: options.mid, status: 'sent' })
    .where(
      and(
        isWaiting,
        inArray(
          channelMessage.id,
          tx
            .select({ id: channelMessage.id })
            .from(channelMessage)
            .where(isWaiting)
            .orderBy(asc(channelMessage.position))
            .limit(1),
        ),
      ),
    )
    .returning({ id: channelMessage.id });
  return claimed.length > 0;
}

/**
 * Stores what a delivery says, each event in its own short transaction, and queues the agent's
 * answer to every new customer message. A message already stored (Meta retries deliveries) is
 * skipped by its unique mid. An echo of a message the app did not send (not its app id, not a
 * stored mid, not a reply waiting for the Send API's answer) is a team member answering from the Page inbox: stored, and with handover on the agent pauses in that thread.
 */
export async function ingestMetaEvents(options: {
  db: Database;
  queue: JobQueue;
  row: MetaConnectionRow;
  appId: string | null;
  events: MetaEvent[];
  now?: Date;
}): Promise<{ queued: number }> {
  const { db, row } = options;
  const settings = readMetaSettings(row);
  let queued = 0;
  for (const event of options.events) {
    const now = options.now ?? new Date();
    if (event.kind === 'echo') {
      const isOurs =
        (options.appId !== null && event.appId === options.appId) ||
        (
          await db
            .select({ id: channelMessage.id })
            .from(channelMessage)
            .where(eq(channelMessage.providerMessageId, event.mid))
            .limit(1)
        ).length > 0;
      if (isOurs) continue;
      await db.transaction(async (tx) => {
        const { conversationId } = await upsertConversation(tx, row, event.customerId, null);
        if (await claimEchoedReply(tx, { conversationId, mid: event.mid, text: event.text, now })) return;
        const [stored] = await tx
          .insert(channelMessage)
          .values({
            id: randomUUID(),
            conversationId,
            direction: 'outbound',
            role: 'human',
            content: event.text,
            providerMessageId: event.mid,
            status: 'sent',
            createdAt: event.at,
          })
          .onConflictDoNothing()
          .returning({ id: channelMessage.id });
        if (!stored) return;
        await tx
          .update(channelConversation)
          .set({
            lastMessage: event.text.slice(0, LAST_MESSAGE_LENGTH),
            lastMessageTime: event.at,
            totalMessages: sql`${channelConversation.totalMessages} + 1`,
            ...(settings.handover.enabled
              ? { pausedUntil: new Date(now.getTime() + settings.handover.resumeAfterMinutes * 60_000) }
              : {}),
          })
          .where(eq(channelConversation.id, conversationId));
      });
      continue;
    }

    const messageId = randomUUID();
    const isNew = await db.transaction(async (tx) => {
      const { conversationId, pausedUntil } = await upsertConversation(tx, row, event.customerId, event.at);
      const [stored] = await tx
        .insert(channelMessage)
        .values({
          id: messageId,
          conversationId,
          direction: 'inbound',
          role: 'user',
          content: event.text,
          providerMessageId: event.mid,
          status: 'received',
          // Written to a team member who has the thread: never answered by the agent, even late.
          replyDue: !(pausedUntil && pausedUntil > now),
          createdAt: event.at,
        })
        .onConflictDoNothing()
        .returning({ id: channelMessage.id });
      if (!stored) return false;
      await tx
        .update(channelConversation)
        .set({
          lastMessage: event.text.slice(0, LAST_MESSAGE_LENGTH),
          lastMessageTime: event.at,
          totalMessages: sql`${channelConversation.totalMessages} + 1`,
          unreadCount: sql`${channelConversation.unreadCount} + 1`,
        })
        .where(and(eq(channelConversation.id, conversationId)));
      return true;
    });
    if (!isNew) continue;
    await queueMetaReply(options.queue, messageId);
    queued += 1;
  }
  return { queued };
}

/** Queues the agent's answer to an inbound DM (once per message and attempt: the job id). */
export function queueMetaReply(queue: JobQueue, messageId: string, attempt?: string) {
  return queue.enqueue<MetaReplyJob>(
    META_REPLY_QUEUE,
    { messageId },
    { jobId: `meta-reply-${messageId}${attempt ? `-${attempt}` : ''}` },
  );
}
