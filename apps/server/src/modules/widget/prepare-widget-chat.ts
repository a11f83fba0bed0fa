import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { widgetLimits, type WidgetChatBody } from '@agentry/core/widget';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimits, withinRateLimits } from '../../platform/http/rate-limit';
import type { ConversationMessage, ReplyAgent } from '../llm/generate-reply';
import { toTurnContextOrThrow, type TurnContext } from '../llm/read-turn-context';
import { toWidgetThreadOwner, type ThreadOwner } from '../llm/thread-owner';
import { assertWidgetOrigin } from './assert-widget-origin';
import { loadChatWidgetOrThrow } from './load-chat-widget';
import { MAX_TOOL_STEPS } from '../llm/call-language-model';
import { releaseDailyMessage } from './release-daily-message';
import { takeDailyMessageOrThrow, type DailyMessageReservation } from './take-daily-message';
import { toClientNetwork } from '../../platform/http/to-client-network';

export type PreparedWidgetChat = {
  connectionId: string;
  agent: ReplyAgent;
  /** The message counted against the daily limit: stored with the turn, given back when it gets no answer. */
  dailyReservation: DailyMessageReservation;
  /** The sub account's lock state, who pays and the thread's history, read with the daily-limit check. */
  turnContext: TurnContext;
  contactIdentifier: string;
  /**
   * The reply names the visitor's key only to whoever sent it (or a new visitor): it opens every
   * conversation of theirs, and a conversation id alone (a shared link) must not lead to it.
   */
  isContactIdentifierAnswered: boolean;
  conversation: { id: string; visitorId: string } | null;
  newConversationId: string;
  /** What the gateway gets: the stored thread plus the message, or a new thread. */
  gateway: { threadId: string | null; owner: ThreadOwner; message?: string; messages?: ConversationMessage[] };
  askedAt: Date;
};

const RATE_WINDOW_MS = 60_000;
/** Beyond the longest an answer can take, for the turn to be stored. */
const DAILY_RESERVATION_MARGIN_MS = 60_000;

export function createContactIdentifier(): string {
  return `v_${randomBytes(16).toString('base64url')}`;
}

/**
 * Every check of a visitor message before the LLM call, cheapest first: history size (400), the
 * widget (remembered; 404), the Origin rule (403), an agent chosen (409), the per-IP and
 * per-visitor rate limits (429, counted in the cache store), then one statement reads the
 * conversation continued (404 when it is another widget's or another visitor's), counts the
 * message against the widget's daily limit (429) and reads what the gateway needs before the
 * model is called (the sub account's lock, who pays, the thread's history: 404, 403
 * PLAN_REQUIRED, the message given back). The stored thread is authoritative; the
 * client's history only seeds a new thread.
 */
export async function prepareWidgetChatOrThrow(options: {
  db: Database;
  cache: Cache;
  config: AppConfig;
  /** This server's own origins (config.publicUrl's and its loopback aliases), which always pass the Origin rule. */
  ownOrigins: ReadonlySet<string>;
  request: FastifyRequest;
  widgetId: string;
  body: WidgetChatBody;
}): Promise<PreparedWidgetChat> {
  const { db, cache, config, request, body } = options;
  const askedAt = new Date();
  const history = body.history ?? [];
  let historyChars = 0;
  for (const entry of history) historyChars += entry.content.length;
  if (historyChars > widgetLimits.historyChars) {
    throw new AppError('VALIDATION_ERROR', {
      message: `History must be at most ${widgetLimits.historyChars} characters`,
    });
  }

  const widget = await loadChatWidgetOrThrow({ db, cache, widgetId: options.widgetId });
  assertWidgetOrigin({
    request,
    ownOrigins: options.ownOrigins,
    allowedDomains: widget.deployedSettings?.allowedDomains ?? [],
  });
  if (!widget.agent) throw new AppError('WIDGET_NOT_CONNECTED');
  const { agent, connectionId } = widget;

  const { visitorMessagesPerMinute, ipMessagesPerMinute } = config.widget;
  const visitorLimit = (contactIdentifier: string) => ({
    key: `widget-visitor:${connectionId}:${contactIdentifier}`,
    limit: visitorMessagesPerMinute,
    windowMs: RATE_WINDOW_MS,
  });
  // Both limits in one round trip to the cache store, usually sent with the daily-limit statement.
  const rateLimits = [
    ...(body.contactIdentifier ? [visitorLimit(body.contactIdentifier)] : []),
    {
      key: `widget-ip:${connectionId}:${toClientNetwork(request.ip)}`,
      limit: ipMessagesPerMinute,
      windowMs: RATE_WINDOW_MS,
    },
  ];
  const dailyLimit = widget.deployedSettings?.dailyLimit ?? widgetLimits.dailyLimit.default;
  // A message counts while its answer can still arrive: every model call of it timing out, plus a margin.
  const expiresInMs = config.llm.requestTimeoutMs * MAX_TOOL_STEPS + DAILY_RESERVATION_MARGIN_MS;
  const takeDailyMessage = () =>
    takeDailyMessageOrThrow({
      db,
      connectionId,
      dailyLimit,
      expiresInMs,
      now: askedAt,
      conversation: body.widgetConversationThreadId
        ? { id: body.widgetConversationThreadId, contactIdentifier: body.contactIdentifier ?? null }
        : undefined,
      agent: { subaccountId: agent.subaccountId, agentId: agent.agentId },
    });
  const {
    reservation: dailyReservation,
    conversation,
    turnContextRow,
  } = await withinRateLimits(cache, rateLimits, takeDailyMessage, (taken) =>
    releaseDailyMessage({ db, logger: request.log, connectionId, reservation: taken.reservation }),
  );
  // A conversation started with another agent (the widget was redeployed) continues on a new
  // thread of the current one, seeded with the client's history like a new conversation.
  const canContinueThread = conversation !== null && conversation.agentId === agent.agentId;
  let turnContext: TurnContext;
  try {
    // A visitor known only by the conversation it continues is limited as that conversation's visitor.
    if (!body.contactIdentifier && conversation)
      await enforceRateLimits(cache, [visitorLimit(conversation.contactIdentifier)]);
    // The gateway's checks on what the same statement read: the sub account exists, its lock
    // (first), the thread continued.
    turnContext = toTurnContextOrThrow(turnContextRow, canContinueThread);
  } catch (error) {
    await releaseDailyMessage({ db, logger: request.log, connectionId, reservation: dailyReservation });
    throw error;
  }
  const contactIdentifier = body.contactIdentifier ?? conversation?.contactIdentifier ?? createContactIdentifier();

  const owner = toWidgetThreadOwner(connectionId, contactIdentifier);
  const gateway: PreparedWidgetChat['gateway'] = canContinueThread
    ? { threadId: conversation.threadId, owner, message: body.message }
    : history.length > 0
      ? { threadId: null, owner, messages: [...history, { role: 'user', content: body.message }] }
      : { threadId: null, owner, message: body.message };
  return {
    connectionId,
    agent,
    dailyReservation,
    turnContext,
    contactIdentifier,
    isContactIdentifierAnswered: Boolean(body.contactIdentifier) || !conversation,
    conversation: conversation ? { id: conversation.id, visitorId: conversation.visitorId } : null,
    newConversationId: randomUUID(),
    gateway,
    askedAt,
  };
}
