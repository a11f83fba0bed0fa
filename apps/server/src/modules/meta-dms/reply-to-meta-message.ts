import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { metaLimits } from '@agentry/core/meta-dms';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { loadPublishedReplyAgent } from '../agents/load-published-reply-agent';
import { channelContact, channelConversation, channelMessage } from '../channels/channels.tables';
import { isUniqueViolation } from '../credits/debit-balance';
import { takeInboundForReply } from '../channels/reply-turns';
import { generateReply } from '../llm/generate-reply';
import { toChannelThreadOwner } from '../llm/thread-owner';
import { createGraphApi, GraphRequestError } from './graph-api';
import { loadMetaConnection, readMetaCredentials } from './meta-connection';
import { markNeedsAttention } from './manage-meta-connection';

const WINDOW_MS = metaLimits.windowHours * 3_600_000;
const LAST_MESSAGE_LENGTH = 500;

/** Meta's Send API takes at most 2000 characters per message: longer answers go out in parts, cut at a line or word. */
export function splitForSend(text: string, max: number = metaLimits.messageChars): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut > max / 2 ? cut : max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function isWithinWindow(lastInboundAt: Date | null, now: Date) {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() <= WINDOW_MS;
}

/**
 * The background job answering one customer message: the agent's reply through the LLM gateway
 * (metered like every channel), then the Send API (or TEST MODE, where the simulator reads it).
 * Nothing is sent when the connection needs a reconnect, the thread is handed over to a person,
 * or the 24-hour window has closed (a refused reply is stored as failed with a clear text).
 */
export async function replyToMetaMessage(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  messageId: string;
  now?: () => Date;
}): Promise<void> {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const [found] = await db
    .select({ message: channelMessage, conversation: channelConversation, contact: channelContact })
    .from(channelMessage)
    .innerJoin(channelConversation, eq(channelConversation.id, channelMessage.conversationId))
    .innerJoin(channelContact, eq(channelContact.id, channelConversation.contactId))
    .where(and(eq(channelMessage.id, options.messageId), eq(channelMessage.direction, 'inbound')))
    .limit(1);
  if (!found) return;
  const { message, conversation, contact } = found;
  // Answered at most once: the job takes the message before it decides anything, so a job run
  // again (a worker that died, the reply sweep) neither pays, nor sends, nor records twice.
  if (!(await takeInboundForReply(db, message.id, now()))) return;
  const row = await loadMetaConnection(db, conversation.connectionId);
  if (!row || !row.agentId || row.status === 'needs_attention') return;
  if (conversation.pausedUntil && conversation.pausedUntil > now()) return;

  async function storeOutbound(values: {
    content: string;
    status: 'queued' | 'sent' | 'failed';
    errorCode?: string;
    providerMessageId?: string;
    threadId?: string;
  }) {
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(channelMessage).values({
        id,
        conversationId: conversation.id,
        direction: 'outbound',
        role: 'assistant',
        content: values.content,
        providerMessageId: values.providerMessageId ?? null,
        status: values.status,
        errorCode: values.errorCode ?? null,
      });
      await tx
        .update(channelConversation)
        .set({
          ...(values.threadId ? { threadId: values.threadId, agentId: row?.agentId } : {}),
          ...(values.status === 'sent'
            ? { lastMessage: values.content.slice(0, LAST_MESSAGE_LENGTH), lastMessageTime: now() }
            : {}),
          totalMessages: sql`${channelConversation.totalMessages} + 1`,
        })
        .where(eq(channelConversation.id, conversation.id));
    });
    return id;
  }
  /**
   * A part that went out: under its mid (one its echo set first stays), so a later echo is
   * recognised as the agent's. A mid already stored is not written twice: a twin part of the same
   * words took it from its echo, and this one gets the twin's from the twin's own echo.
   */
  async function recordSentPart(sent: { queuedId: string; mid: string | null; text: string }) {
    const setMid = sent.mid
      ? db
          .update(channelMessage)
          .set({ providerMessageId: sent.mid, status: 'sent' })
          .where(
            and(
              eq(channelMessage.id, sent.queuedId),
              isNull(channelMessage.providerMessageId),
              sql`not exists (select 1 from channel_message held where held.provider_message_id = ${sent.mid})`,
            ),
          )
          .then(
            () => undefined,
            (error: unknown) => {
              if (!isUniqueViolation(error)) throw error;
            },
          )
      : Promise.resolve();
    await setMid;
    await db
      .update(channelConversation)
      .set({ lastMessage: sent.text.slice(0, LAST_MESSAGE_LENGTH), lastMessageTime: now() })
      .where(eq(channelConversation.id, conversation.id));
  }
  const refuseOutsideWindow = async () => {
    await storeOutbound({
      content: new AppError('META_WINDOW_CLOSED').message,
      status: 'failed',
      errorCode: 'META_WINDOW_CLOSED',
    });
  };

  // Checked before spending anything: a message delivered late may already be outside the window.
  if (!isWithinWindow(contact.lastInboundAt, now())) return refuseOutsideWindow();
  // Nor is an answer written (and paid for) that no Page token could send: a Facebook sign-in
  // waiting for its Page to be picked has none, until one is picked or a Page token pasted.
  const sendingCredentials = readMetaCredentials(config, row);
  if (sendingCredentials !== null && !sendingCredentials.pageToken) {
    await storeOutbound({ content: '', status: 'failed', errorCode: 'META_AUTH_FAILED' });
    return;
  }

  const agentRow = await getAgentRowOrThrow({ db, agentId: row.agentId, subaccountId: row.subaccountId }).catch(
    () => null,
  );
  if (!agentRow) return;
  const source = row.serviceType === 'instagram-dms' ? 'instagram' : 'messenger';
  let answer;
  try {
    answer = await generateReply({
      db,
      config,
      logger: options.logger,
      agent: await loadPublishedReplyAgent({ db, agentRow }),
      source,
      owner: toChannelThreadOwner(row.id, contact.id),
      // A conversation moved to another agent starts a new thread with it.
      threadId: conversation.threadId && conversation.agentId === row.agentId ? conversation.threadId : null,
      message: message.content,
    });
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'AI_PROVIDER_ERROR';
    options.logger?.warn({ err: error, connectionId: row.id }, 'meta dm reply: no answer');
    await storeOutbound({ content: '', status: 'failed', errorCode: code });
    return;
  }

  // The answer can take a while: the window is checked again right before sending, and a team
  // member who took the thread over meanwhile (from the Page inbox) is not talked over.
  if (!isWithinWindow(contact.lastInboundAt, now())) return refuseOutsideWindow();
  const [current] = await db
    .select({ pausedUntil: channelConversation.pausedUntil })
    .from(channelConversation)
    .where(eq(channelConversation.id, conversation.id));
  if (current?.pausedUntil && current.pausedUntil > now()) {
    options.logger?.info({ connectionId: row.id }, 'meta dm reply: handed over while the agent wrote; not sent');
    return;
  }

  const credentials = sendingCredentials;
  if (credentials === null) {
    await storeOutbound({
      content: answer.text,
      status: 'sent',
      providerMessageId: `test_${randomUUID()}`,
      threadId: answer.threadId,
    });
    return;
  }
  if (!credentials.pageToken) {
    await storeOutbound({ content: answer.text, status: 'failed', errorCode: 'META_AUTH_FAILED' });
    return;
  }
  const graph = createGraphApi(config.meta.graphBaseUrl);
  const parts = splitForSend(answer.text);
  for (const [index, part] of parts.entries()) {
    const threadId = index === 0 ? answer.threadId : undefined;
    // Stored before it goes out, as queued: Meta's echo of it can arrive before the Send API
    // answers, and Instagram's carries no app id, so the echo finds it here (claimEchoedReply)
    // instead of taking it for a team member's message and handing the thread over.
    const queuedId = await storeOutbound({ content: part, status: 'queued', threadId });
    let mid: string | null = null;
    try {
      mid = (await graph.sendText({ pageToken: credentials.pageToken, recipientId: contact.address, text: part }))
        .message_id;
    } catch (error) {
      // A refusal by Graph, or no answer at all (a network error, a timeout): the rest is stored
      // as failed, so the transcript shows the reply was not (or may not have been) sent.
      const refusal = error instanceof GraphRequestError ? error : null;
      if (!refusal) options.logger?.warn({ err: error, connectionId: row.id }, 'meta dm reply: send failed');
      if (refusal?.isTokenInvalid) await markNeedsAttention(db, row.id, refusal.message);
      const errorCode = refusal?.isTokenInvalid
        ? 'META_AUTH_FAILED'
        : refusal?.isOutsideWindow
          ? 'META_WINDOW_CLOSED'
          : 'META_REQUEST_FAILED';
      const unsent = parts.slice(index).join('\n\n');
      const marked = await db
        .update(channelMessage)
        .set({ content: unsent, status: 'failed', errorCode })
        .where(and(eq(channelMessage.id, queuedId), eq(channelMessage.status, 'queued')))
        .returning({ id: channelMessage.id });
      if (marked.length > 0) return;
      // Its echo came before the answer that never did: the part went out, and the rest goes on.
    }
    await recordSentPart({ queuedId, mid, text: part });
  }
}
