import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { channelConversation, channelMessage } from '../channels/channels.tables';

/**
 * How long a reply part stays queued while its Send API call runs: far beyond the call's timeout.
 * Only a part younger than this can be the one an echo is of (claimEchoedReply); an older one was
 * left by a process that died between storing and sending it.
 */
export const QUEUED_REPLY_MS = 10 * 60_000;

/**
 * Marks the Instagram and Messenger reply parts a crash left queued (stored, never known to be
 * sent) as not sent, so the transcript says so. Run by the reply sweep. Answers how many.
 */
export async function failStaleQueuedReplies(db: Database, now: Date): Promise<number> {
  const failed = await db
    .update(channelMessage)
    .set({ status: 'failed', errorCode: 'META_REQUEST_FAILED' })
    .where(
      and(
        eq(channelMessage.direction, 'outbound'),
        eq(channelMessage.role, 'assistant'),
        eq(channelMessage.status, 'queued'),
        isNull(channelMessage.providerMessageId),
        lt(channelMessage.createdAt, new Date(now.getTime() - QUEUED_REPLY_MS)),
        inArray(
          channelMessage.conversationId,
          db
            .select({ id: channelConversation.id })
            .from(channelConversation)
            .where(sql`${channelConversation.channel} in ('instagram', 'messenger')`),
        ),
      ),
    )
    .returning({ id: channelMessage.id });
  return failed.length;
}
