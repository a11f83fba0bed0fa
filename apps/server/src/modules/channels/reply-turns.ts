import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChannelKind } from '@agentry/core/channels';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { startPeriodicSweep } from '../../platform/queue/start-periodic-sweep';
import { channelConversation, channelMessage } from './channels.tables';

/** A message's job is queued right after its commit: only a message older than this is swept. */
const SWEEP_AFTER_MS = 60_000;
/** An answer hours late would surprise the contact: an older message is left to the team's inbox. */
const ANSWER_WITHIN_MS = 60 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 500;
/** Beyond a model call, what sending one answer may take (Twilio's retries, Meta's parts). */
const SEND_BUDGET_MS = 2 * 60_000;

/** How long a turn lasts per answer: longer than the model call and the send together. */
export function turnMsFor(config: AppConfig) {
  return config.llm.requestTimeoutMs + SEND_BUDGET_MS;
}

/** Answers one holder gives before it passes the turn on (a chatty contact does not hold a worker). */
const ANSWERS_PER_TURN = 5;

/**
 * The reply job takes its inbound message before anything else (the model, the window, the
 * hand-over checks): a message is answered at most once, whatever runs the job again, and a
 * message the job decided not to answer is not looked at again. Answers the message taken, or
 * null when it was taken already (or is not stored).
 */
export async function takeInboundForReply(db: Database, messageId: string, at: Date) {
  const [taken] = await db
    .update(channelMessage)
    .set({ replyTakenAt: at })
    .where(and(eq(channelMessage.id, messageId), isNull(channelMessage.replyTakenAt)))
    .returning();
  return taken ?? null;
}

/** Nobody holds the conversation's turn, or the holder's time ran out. */
const isTurnFree = (now: Date) =>
  or(isNull(channelConversation.replyTurnUntil), lt(channelConversation.replyTurnUntil, now));

type Turn = { conversationId: string; holder: string; turnMs: number };

/** Takes the conversation's turn when nobody holds it (or the holder's time ran out). */
async function takeTurn(db: Database, turn: Turn, now: Date) {
  const taken = await db
    .update(channelConversation)
    .set({ replyTurnUntil: new Date(now.getTime() + turn.turnMs), replyTurnHolder: turn.holder })
    .where(and(eq(channelConversation.id, turn.conversationId), isTurnFree(now)))
    .returning({ id: channelConversation.id });
  return taken.length > 0;
}

/** Renews the turn for one more answer; false when it is no longer this job's. */
async function renewTurn(db: Database, turn: Turn, now: Date) {
  const renewed = await db
    .update(channelConversation)
    .set({ replyTurnUntil: new Date(now.getTime() + turn.turnMs) })
    .where(and(eq(channelConversation.id, turn.conversationId), eq(channelConversation.replyTurnHolder, turn.holder)))
    .returning({ id: channelConversation.id });
  return renewed.length > 0;
}

async function endTurn(db: Database, turn: Turn) {
  await db
    .update(channelConversation)
    .set({ replyTurnUntil: null, replyTurnHolder: null })
    .where(and(eq(channelConversation.id, turn.conversationId), eq(channelConversation.replyTurnHolder, turn.holder)));
}

/** The conversation's oldest message due an answer and not taken: `ownId`, or one of the last hour. */
async function findNextDue(db: Database, conversationId: string, ownId: string, now: Date) {
  const [next] = await db
    .select({ id: channelMessage.id })
    .from(channelMessage)
    .where(
      and(
        eq(channelMessage.conversationId, conversationId),
        eq(channelMessage.replyDue, true),
        isNull(channelMessage.replyTakenAt),
        or(eq(channelMessage.id, ownId), gt(channelMessage.createdAt, new Date(now.getTime() - ANSWER_WITHIN_MS))),
      ),
    )
    .orderBy(asc(channelMessage.position))
    .limit(1);
  return next?.id ?? null;
}

/**
 * Answers a conversation's messages one at a time, oldest first, so two quick messages are
 * answered in order and the second answer knows the first. The job of a message takes the
 * conversation's turn and answers the messages due in it; a job that finds the turn taken leaves
 * its message to the holder, which looks again after giving the turn up (a message stored in
 * between is answered then). The turn lasts `turnMs` per answer (longer than a model call and a
 * send can take) and only its holder renews or ends it, so a holder that outlived it stops. A
 * holder that dies gives the turn up when its time runs out; the reply sweep then queues what it
 * left. After a few answers the holder passes the turn on to a job of its own, so one chatty
 * contact does not hold a worker that others wait for.
 */
export async function answerInTurn(options: {
  db: Database;
  messageId: string;
  answer: (messageId: string) => Promise<void>;
  queueReply: QueueReply;
  turnMs: number;
  logger: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const [own] = await db
    .select({ conversationId: channelMessage.conversationId })
    .from(channelMessage)
    .where(eq(channelMessage.id, options.messageId))
    .limit(1);
  if (!own) return;
  const turn: Turn = { conversationId: own.conversationId, holder: randomUUID(), turnMs: options.turnMs };
  const tried = new Set<string>();
  for (;;) {
    if (!(await takeTurn(db, turn, now()))) return;
    let answered = 0;
    try {
      for (;;) {
        const next = await findNextDue(db, own.conversationId, options.messageId, now());
        // The answer takes its message; one it left untaken is not tried twice.
        if (!next || tried.has(next)) break;
        if (answered === ANSWERS_PER_TURN) {
          // Given up before the next job is queued, so that job finds the turn free (the finally
          // below then ends nothing).
          await endTurn(db, turn);
          await options.queueReply(next, `turn-${turn.holder}`);
          return;
        }
        if (answered > 0 && !(await renewTurn(db, turn, now()))) return;
        tried.add(next);
        answered += 1;
        // One answer that fails (the provider, the credits) does not hold back the ones after it.
        await options.answer(next).catch((error: unknown) => {
          logger.error({ err: error, messageId: next }, 'channel reply failed');
        });
      }
    } finally {
      await endTurn(db, turn);
    }
    const left = await findNextDue(db, own.conversationId, options.messageId, now());
    if (!left || tried.has(left)) return;
  }
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
        gt(channelMessage.createdAt, new Date(now.getTime() - ANSWER_WITHIN_MS)),
        inArray(channelConversation.channel, channels),
        // Waiting for a job answering its conversation is not lost.
        isTurnFree(now),
      ),
    )
    .orderBy(channelMessage.createdAt)
    .limit(SWEEP_BATCH);
  return rows.map((row) => row.id);
}

/** Queues the reply job of a message; `attempt` names a job of its own beside the first one. */
export type QueueReply = (messageId: string, attempt?: string) => Promise<unknown>;

/**
 * Queues again the reply jobs that were lost: the job is queued after the message's transaction
 * commits, so a crash between the two, or a restart that empties the in-process queue, would
 * leave the message unanswered; so would a job that failed before it took its message. Runs when
 * the server is ready and then every minute; a job queued twice answers once (the job takes its
 * message).
 */
export function startReplySweeper(
  app: FastifyInstance,
  options: {
    channels: ChannelKind[];
    queueReply: QueueReply;
    /** The channel's own clean-up of what a crash left mid-send, run on each sweep; answers how many. */
    settleStale?: (db: Database, now: Date) => Promise<number>;
  },
) {
  startPeriodicSweep(app, {
    name: 'reply sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    isRunAtStart: true,
    sweep: async () => {
      const { db } = app.platform.database;
      const now = new Date();
      const count = await sweepReplies({ db, channels: options.channels, queueReply: options.queueReply, now });
      if (count > 0) app.log.warn({ count, channels: options.channels }, 'lost reply jobs queued again');
      const settled = (await options.settleStale?.(db, now)) ?? 0;
      if (settled > 0) app.log.warn({ settled, channels: options.channels }, 'replies left mid-send marked not sent');
    },
  });
}

/**
 * One sweep: queues each due message not taken, under a job id of this sweep's own (the first
 * job's id may still be kept by the queue, done or failed). Answers how many were queued.
 */
export async function sweepReplies(options: {
  db: Database;
  channels: ChannelKind[];
  queueReply: QueueReply;
  now: Date;
}): Promise<number> {
  const ids = await findRepliesNotTaken(options.db, options.channels, options.now);
  const attempt = `sweep-${Math.floor(options.now.getTime() / SWEEP_INTERVAL_MS)}`;
  for (const id of ids) await options.queueReply(id, attempt);
  return ids.length;
}
