import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelMessageStatus } from '@agentry/core/channels';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { agent as agentTable } from '../agents/agents.tables';
import { loadPublishedReplyAgent } from '../agents/load-published-reply-agent';
import { generateReply } from '../llm/generate-reply';
import { llmThread } from '../llm/llm.tables';
import { toChannelThreadOwner } from '../llm/thread-owner';
import { channelConnection, channelContact, channelConversation, channelMessage } from './channels.tables';
import { consentReply, isWithinWhatsAppWindow, readConsentKeyword } from './contact-consent';
import { createMessagingProvider } from './create-messaging-provider';
import { findTakenSend } from './find-taken-send';
import { applyEarlyStatuses } from './record-message-status';
import { takeInboundForReply } from './reply-turns';
import { isUniqueViolation } from '../credits/debit-balance';
import { markConnectionRefused } from './sms-connections';
import { isUnansweredSend } from './twilio-messaging-provider';

export const CHANNEL_REPLY_QUEUE = 'channel-reply';

type ConnectionRow = typeof channelConnection.$inferSelect;
type Channel = 'sms' | 'whatsapp';

export type InboundMessage = {
  providerMessageId: string;
  channel: Channel;
  /** The contact, E.164. */
  from: string;
  body: string;
  profileName?: string;
};

/**
 * Stores one inbound message (contact, conversation and message in one transaction). The
 * message id is unique, so a webhook Twilio delivers twice stores once: `duplicate` is true
 * then and nothing else happens. Keywords change consent; anything else is queued for the agent.
 */
export async function receiveInboundMessage(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  logger: FastifyBaseLogger;
  connection: ConnectionRow;
  message: InboundMessage;
  now?: Date;
}): Promise<{ duplicate: boolean; messageId?: string; keyword?: string }> {
  const { db, connection, message } = options;
  const now = options.now ?? new Date();
  const keyword = readConsentKeyword(message.body);
  const stored = await db
    .transaction(async (tx) => {
      const [contact] = await tx
        .insert(channelContact)
        .values({
          id: randomUUID(),
          connectionId: connection.id,
          channel: message.channel,
          address: message.from,
          displayName: message.profileName ?? null,
          lastInboundAt: now,
          optedOutAt: keyword === 'opt-out' ? now : null,
        })
        .onConflictDoUpdate({
          target: [channelContact.connectionId, channelContact.channel, channelContact.address],
          set: {
            lastInboundAt: now,
            ...(keyword === 'opt-out' ? { optedOutAt: now } : keyword === 'opt-in' ? { optedOutAt: null } : {}),
            ...(message.profileName ? { displayName: message.profileName } : {}),
          },
        })
        .returning();
      if (!contact) throw new Error('contact upsert returned nothing');
      const [conversation] = await tx
        .insert(channelConversation)
        .values({
          id: randomUUID(),
          connectionId: connection.id,
          contactId: contact.id,
          channel: message.channel,
          threadId: '',
          // Answered by the connection's agent, whichever it is at the time (a campaign names its own).
          agentId: null,
        })
        .onConflictDoUpdate({ target: channelConversation.contactId, set: { status: 'live' } })
        .returning();
      if (!conversation) throw new Error('conversation upsert returned nothing');
      const [inserted] = await tx
        .insert(channelMessage)
        .values({
          id: randomUUID(),
          conversationId: conversation.id,
          direction: 'inbound',
          role: 'user',
          content: message.body,
          providerMessageId: message.providerMessageId,
          status: 'received',
          // Keywords are answered here, not by the agent; an opted-out contact is not answered.
          replyDue: !keyword && !contact.optedOutAt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: channelMessage.id });
      if (!inserted) {
        // The same MessageSid again: undo the contact/conversation touch, keep the first delivery.
        tx.rollback();
      }
      await tx
        .update(channelConversation)
        .set({
          lastMessage: message.body.slice(0, 500),
          lastMessageTime: now,
          totalMessages: sql`${channelConversation.totalMessages} + 1`,
          unreadCount: sql`${channelConversation.unreadCount} + 1`,
        })
        .where(eq(channelConversation.id, conversation.id));
      return { messageId: inserted!.id, contact, conversation };
    })
    .catch((error: unknown) => {
      if (isRollback(error)) return undefined;
      throw error;
    });
  if (!stored) return { duplicate: true };

  if (keyword) {
    await answerKeyword({ ...options, keyword, conversationId: stored.conversation.id, to: message.from });
    return { duplicate: false, messageId: stored.messageId, keyword };
  }
  if (!stored.contact.optedOutAt) await queueChannelReply(options.queue, stored.messageId);
  return { duplicate: false, messageId: stored.messageId };
}

/** Queues the agent's answer to an inbound SMS or WhatsApp message (once per message and attempt: the job id). */
export function queueChannelReply(queue: JobQueue, messageId: string, attempt?: string) {
  return queue.enqueue(CHANNEL_REPLY_QUEUE, { messageId }, { jobId: attempt ? `${messageId}-${attempt}` : messageId });
}

function isRollback(error: unknown) {
  return error instanceof TransactionRollbackError;
}

/**
 * STOP / START / HELP: recorded on the contact (above) and confirmed. Twilio answers these
 * itself on SMS numbers (Advanced Opt-Out), so a Twilio SMS connection does not answer twice;
 * WhatsApp and TEST MODE get our confirmation.
 */
async function answerKeyword(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  connection: ConnectionRow;
  message: InboundMessage;
  keyword: 'opt-out' | 'opt-in' | 'help';
  conversationId: string;
  to: string;
}) {
  const { connection, message } = options;
  if (connection.credentials && message.channel === 'sms') return;
  await sendAndRecord({
    ...options,
    channel: message.channel,
    role: 'assistant',
    body: consentReply(options.keyword, connection.name),
  }).catch((error: unknown) => options.logger.warn({ err: error }, 'keyword confirmation not sent'));
}

/** Sends one message through the connection's provider and stores it in the conversation (failed ones too). */
export async function sendAndRecord(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  connection: ConnectionRow;
  conversationId: string;
  channel: Channel;
  to: string;
  role: 'assistant' | 'human';
  body: string;
}) {
  const { db, connection } = options;
  const provider = createMessagingProvider({ config: options.config, db, connection });
  let providerMessageId: string | null = null;
  let status: ChannelMessageStatus = 'failed';
  let errorCode: string | null = null;
  let failure: Error | undefined;
  /** The send's own failure, when its SID was found in the provider's log instead. */
  let foundInLog: { failure: Error; errorCode: string } | null = null;
  const askedAt = new Date();
  try {
    const sent = await provider.send({ channel: options.channel, to: options.to, body: options.body });
    providerMessageId = sent.providerMessageId;
    status = sent.status;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    errorCode = error instanceof AppError ? error.code : 'SMS_SEND_FAILED';
    if (errorCode.endsWith('_AUTH_FAILED')) {
      await markConnectionRefused({ db, connectionId: connection.id, message: (error as Error).message });
    }
    // No answer is not a refusal: Twilio may have taken it, and then it is stored as sent, under
    // its SID (for the status callbacks), rather than as 'not sent' inviting a second send.
    const taken = isUnansweredSend(error)
      ? await findTakenSend({
          db,
          provider,
          channel: options.channel,
          to: options.to,
          body: options.body,
          since: askedAt,
        }).catch((lookup: unknown) => {
          options.logger.warn({ err: lookup }, 'unanswered send not looked up in the provider log');
          return null;
        })
      : null;
    if (taken && failure && errorCode) {
      options.logger.warn({ connectionId: connection.id }, 'send unanswered but found in the provider log');
      foundInLog = { failure, errorCode };
      providerMessageId = taken.providerMessageId;
      status = taken.status;
      if (status !== 'failed') errorCode = null;
      failure = undefined;
    }
  }
  const now = new Date();
  const id = randomUUID();
  const store = () =>
    db.transaction(async (tx) => {
      await tx.insert(channelMessage).values({
        id,
        conversationId: options.conversationId,
        direction: 'outbound',
        role: options.role,
        content: options.body,
        providerMessageId,
        status,
        errorCode,
        createdAt: now,
      });
      await tx
        .update(channelConversation)
        .set({
          lastMessage: options.body.slice(0, 500),
          lastMessageTime: now,
          totalMessages: sql`${channelConversation.totalMessages} + 1`,
        })
        .where(eq(channelConversation.id, options.conversationId));
    });
  await store().catch(async (error: unknown) => {
    // A SID found in the log that another send of the same words stored meanwhile was that one's.
    if (!foundInLog || !isUniqueViolation(error)) throw error;
    providerMessageId = null;
    status = 'failed';
    ({ failure, errorCode } = foundInLog);
    await store();
  });
  await applyEarlyStatuses({
    db,
    connectionId: connection.id,
    providerMessageIds: [providerMessageId],
    logger: options.logger,
  });
  if (failure) throw failure;
  return { id, providerMessageId, status };
}

async function loadConversationContext(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      conversation: channelConversation,
      contact: channelContact,
      connection: channelConnection,
      /** The agent of the conversation's thread (null before its first answer). */
      threadAgentId: llmThread.agentId,
    })
    .from(channelConversation)
    .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
    .innerJoin(channelConnection, eq(channelConnection.id, channelConversation.connectionId))
    .leftJoin(llmThread, eq(llmThread.id, channelConversation.threadId))
    .where(eq(channelConversation.id, conversationId))
    .limit(1);
  return row;
}

/** The first of `agentIds` that still exists. */
async function findAnsweringAgent(db: Database, agentIds: (string | null)[]) {
  const ids = agentIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return undefined;
  const rows = await db.select().from(agentTable).where(inArray(agentTable.id, ids));
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * The reply job: the agent answers one inbound message through the LLM gateway (metered like
 * every channel) and the answer is sent through the provider. An opted-out contact, a
 * connection without an agent, or a conversation a team member paused gets no answer.
 */
export async function runChannelReplyJob(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  messageId: string;
}) {
  const { db, config, logger } = options;
  // Answered at most once: the job takes the message before it decides anything. Whatever else
  // the conversation holds (an answer to an earlier message, a team member's reply) does not count.
  const inbound = await takeInboundForReply(db, options.messageId, new Date());
  if (!inbound) return;
  const context = await loadConversationContext(db, inbound.conversationId);
  if (!context) return;
  const { conversation, contact, connection } = context;
  if (contact.optedOutAt) return;
  if (conversation.pausedUntil && conversation.pausedUntil > new Date()) return;
  // A campaign names the agent that answers its replies on the conversations it starts; once that
  // agent is deleted, the connection's answers.
  const agentRow = await findAnsweringAgent(db, [conversation.agentId, connection.agentId]);
  if (!agentRow) {
    logger.info({ connectionId: connection.id }, 'sms: no agent chosen, message not answered');
    return;
  }
  const channel = conversation.channel === 'whatsapp' ? 'whatsapp' : 'sms';
  // A thread goes on only with the agent that started it: another agent starts a new one.
  const threadId = conversation.threadId && context.threadAgentId === agentRow.id ? conversation.threadId : null;
  let result;
  try {
    result = await generateReply({
      db,
      config,
      logger,
      agent: await loadPublishedReplyAgent({ db, agentRow }),
      source: channel,
      owner: toChannelThreadOwner(connection.id, contact.id),
      threadId,
      message: inbound.content,
    });
  } catch (error) {
    // The message is taken: the team sees that it got no answer, and why.
    logger.warn({ err: error, conversationId: conversation.id }, 'sms: no answer');
    await db.insert(channelMessage).values({
      id: randomUUID(),
      conversationId: conversation.id,
      direction: 'outbound',
      role: 'assistant',
      content: '',
      status: 'failed',
      errorCode: error instanceof AppError ? error.code : 'AI_PROVIDER_ERROR',
    });
    return;
  }
  if (result.threadId !== conversation.threadId) {
    await db
      .update(channelConversation)
      .set({ threadId: result.threadId })
      .where(and(eq(channelConversation.id, conversation.id), eq(channelConversation.threadId, conversation.threadId)));
  }
  // The contact may have sent STOP while the model was writing.
  const [fresh] = await db.select().from(channelContact).where(eq(channelContact.id, contact.id)).limit(1);
  if (!fresh || fresh.optedOutAt) return;
  if (channel === 'whatsapp' && !isWithinWhatsAppWindow(fresh.lastInboundAt)) {
    logger.warn({ conversationId: conversation.id }, 'whatsapp: reply outside the 24-hour window not sent');
    return;
  }
  await sendAndRecord({
    db,
    config,
    logger,
    connection,
    conversationId: conversation.id,
    channel,
    to: contact.address,
    role: 'assistant',
    body: result.text,
  }).catch((error: unknown) => logger.warn({ err: error, conversationId: conversation.id }, 'agent reply not sent'));
}

/**
 * A team member's reply from the conversations dashboard. Never to an opted-out contact; on
 * WhatsApp only inside the 24-hour window ('WhatsApp session expired' otherwise, where an
 * approved template is the only way to reach them).
 */
export async function sendHumanReply(options: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  conversationId: string;
  body: string;
  now?: Date;
}) {
  const context = await loadConversationContext(options.db, options.conversationId);
  if (!context) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  const { conversation, contact, connection } = context;
  const channel = conversation.channel === 'whatsapp' ? 'whatsapp' : 'sms';
  if (contact.optedOutAt) {
    throw new AppError(channel === 'whatsapp' ? 'WHATSAPP_SEND_FAILED' : 'SMS_SEND_FAILED', {
      message: 'This contact has opted out (STOP) and cannot be messaged.',
    });
  }
  if (channel === 'whatsapp' && !isWithinWhatsAppWindow(contact.lastInboundAt, options.now)) {
    throw new AppError('WHATSAPP_SESSION_EXPIRED');
  }
  return sendAndRecord({
    db: options.db,
    config: options.config,
    logger: options.logger,
    connection,
    conversationId: conversation.id,
    channel,
    to: contact.address,
    role: 'human',
    body: options.body,
  });
}
