import type { FastifyBaseLogger } from 'fastify';
import { DEMO_HISTORY_CHARS, DemoSettings, type DemoChatReply, type DemoHistoryEntry } from '@agentry/core/demos';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { generateReply } from '../llm/generate-reply';
import { toDemoThreadOwner } from '../llm/thread-owner';
import { claimDemoRequest } from './claim-demo-request';
import { loadDemoRow } from './load-demo-row';
import { releaseDemoRequest } from './release-demo-request';
import { hasFinishedProviderCall } from '../llm/finished-provider-calls';
import { loadPublishedReplyAgent } from '../agents/load-published-reply-agent';
import { toDemoConversation } from './to-demo-conversation';

export type DemoChatInput = {
  demoId: string;
  message: string;
  threadId: string | null;
  history: readonly DemoHistoryEntry[] | undefined;
  /** Set by /api/openrouter/chat: the agent the caller believes it talks to must be the demo's. */
  expectedAgentId?: string;
};

/**
 * One visitor turn of a demo (docs/product/demos.md#chatting, Demo chat): 400 for a history over its size cap, 404 for an
 * unknown demo, 409 when its agent is gone or its stored settings no longer fit, 429 when its request limit is used
 * up. Everything that can refuse the turn runs before a request is taken from the limit; the request is given back if
 * the LLM call fails. The sub account pays through the gateway.
 */
export async function answerDemoChat(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  signal?: AbortSignal;
  input: DemoChatInput;
}): Promise<DemoChatReply> {
  const { db, input } = options;
  // Only a new thread reads the client's history (later turns read the stored thread), so only then is its size
  // the model's cost; clients send their whole conversation with every turn.
  if (!input.threadId) assertDemoHistorySize(input.history);
  const found = await loadDemoRow({ db, demoId: input.demoId });
  if (!found) throw new AppError('DEMO_NOT_FOUND');
  const { row, agentRow } = found;
  if (input.expectedAgentId !== undefined && input.expectedAgentId !== row.buildId)
    throw new AppError('DEMO_NOT_FOUND');
  if (!row.buildId || !agentRow) throw new AppError('DEMO_MISCONFIGURED');
  const settings = DemoSettings.safeParse(row.settings);
  if (!settings.success) {
    options.logger?.warn({ demoId: row.id, err: settings.error }, 'demo settings no longer fit their schema');
    throw new AppError('DEMO_MISCONFIGURED');
  }
  const agent = await loadPublishedReplyAgent({ db, agentRow });
  const conversation = input.threadId
    ? null
    : toDemoConversation({
        history: input.history,
        message: input.message,
        welcomeMessages: [settings.data.welcomeMessage, agent.firstMessage],
      });

  const claimed = await claimDemoRequest({ db, demoId: row.id });
  if (!claimed)
    throw new AppError('DEMO_LIMIT_REACHED', {
      extra: { requestCount: row.requestLimit, requestLimit: row.requestLimit },
    });
  try {
    const result = await generateReply({
      db,
      config: options.config,
      logger: options.logger,
      agent,
      source: 'demo',
      owner: toDemoThreadOwner(row.id),
      threadId: input.threadId,
      ...(conversation ? { messages: conversation } : { message: input.message }),
      signal: options.signal,
    });
    return {
      response: result.text,
      message: result.text,
      content: result.text,
      threadId: result.threadId,
      thread_id: result.threadId,
      widgetConversationThreadId: result.threadId,
      ...(input.threadId ? {} : { newWidgetConversationThreadId: result.threadId }),
      requestCount: claimed.requestCount,
      requestLimit: claimed.requestLimit,
    };
  } catch (error) {
    // Given back only when no model call was paid for: one that was (and was charged) stays counted.
    if (!hasFinishedProviderCall(error)) await releaseDemoRequest({ db, demoId: row.id });
    throw error;
  }
}

function assertDemoHistorySize(history: readonly DemoHistoryEntry[] | undefined): void {
  let historyChars = 0;
  for (const entry of history ?? []) historyChars += entry.content.length;
  if (historyChars > DEMO_HISTORY_CHARS) {
    throw new AppError('VALIDATION_ERROR', { message: `History must be at most ${DEMO_HISTORY_CHARS} characters` });
  }
}
