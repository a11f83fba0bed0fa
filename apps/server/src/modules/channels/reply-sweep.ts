import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChannelKind } from '@agentry/core/channels';
import type { Database } from '../../platform/db/database';
import { channelConversation, channelMessage } from './channels.tables';

/** A message's job is queued right after its commit: only a message older than this is looked at. */
const SWEEP_AFTER_MS = 60_000;
/** An answer hours late would surprise the contact: an older message is left to the team's inbox. */
const SWEEP_WITHIN_MS = 60 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 500;

/**
 * The reply job takes its inbound message before anything else (the model, the window, the
 * hand-over checks): a message is answered at most once, whatever runs the job again, and a
 * message the job decided not to answer is not looked at again. False when it was taken already.
 */
export async function takeInboundForReply(db: Database, messageId: string, at: Date): Promise<boolean> {
  const taken = await db
    .update(channelMessage)
    .set({ replyTakenAt: at })
    .where(and(eq(channelMessage.id, messageId), isNull(channelMessage.replyTakenAt)))
    .returning({ id: channelMessage.id });
  return taken.length > 0;
}

/** Inbound messages of these channels due an answer whose reply job never took them. */
export async function findRepliesNotTaken(db: Database, channels: ChannelKind[], now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: channelMessage.id })
    .from(channelMessage)
    .innerJoin(channelConversation, eq(channelConversation.id, channelMessage.conversationId))
    .where(
      and(
        eq(channelMessage.replyDue, true),
        isNull(channelMessage.replyTakenAt),
        lt(channelMessage.createdAt, new Date(now.getTime() - SWEEP_AFTER_MS)),
        gt(channelMessage.createdAt, new Date(now.getTime() - SWEEP_WITHIN_MS)),
        inArray(channelConversation.channel, channels),
      ),
    )
    .orderBy(channelMessage.createdAt)
    .limit(SWEEP_BATCH);
  return rows.map((row) => row.id);
}

/**
 * Queues again the reply jobs that were lost: the job is queued after the message's transaction
 * commits, so a crash between the two, or a restart that empties the in-process queue, would
 * leave the message unanswered. Runs when the server is ready and then every minute; a job
 * queued twice runs once (its job id, and the job taking its message).
 */
export function startReplySweeper(
  app: FastifyInstance,
  options: { channels: ChannelKind[]; queueReply: (messageId: string) => Promise<unknown> },
) {
  let isRunning = false;
  const sweep = () => {
    if (isRunning) return;
    isRunning = true;
    sweepReplies({ db: app.platform.database.db, ...options, now: new Date() })
      .then((count) => {
        if (count > 0) app.log.warn({ count, channels: options.channels }, 'lost reply jobs queued again');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'reply sweep failed'))
      .finally(() => {
        isRunning = false;
      });
  };
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', (done) => {
    sweep();
    done();
  });
  app.addHook('onClose', () => clearInterval(timer));
}

/** One sweep: queues each due message not taken. Answers how many were queued. */
export async function sweepReplies(options: {
  db: Database;
  channels: ChannelKind[];
  queueReply: (messageId: string) => Promise<unknown>;
  now: Date;
}): Promise<number> {
  const ids = await findRepliesNotTaken(options.db, options.channels, options.now);
  for (const id of ids) await options.queueReply(id);
  return ids.length;
}
