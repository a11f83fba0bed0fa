import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MENTOR_SOURCE, type MentorMessage } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { generateLlmText } from '../llm/call-language-model';
import { defaultModelFor, defaultProvider } from '../llm/default-model-choice';
import { getMentorContext } from './get-mentor-facts';
import { chooseMentorActions } from './mentor-actions';
import { answerMentorOffline, buildMentorSystemPrompt } from './mentor-prompt';
import { mentorMessage, mentorThread } from './optimize.tables';
import { toMentorMessage } from './to-mentor-message';

/** Earlier messages of the thread the model sees with a new question. */
const HISTORY_MESSAGES = 12;

/** The user's mentor thread about the agent, made on first use (one per user, sub account and agent). */
async function ensureThread(db: Database, agentRow: typeof agent.$inferSelect, userId: string): Promise<string> {
  const [thread] = await db
    .insert(mentorThread)
    .values({ id: randomUUID(), subaccountId: agentRow.subaccountId, userId, agentId: agentRow.id })
    .onConflictDoUpdate({
      target: [mentorThread.subaccountId, mentorThread.userId, mentorThread.agentId],
      set: { updatedAt: sql`now()` },
    })
    .returning({ id: mentorThread.id });
  if (!thread) throw new Error('mentor thread was not stored');
  return thread.id;
}

/**
 * Asks the AI Mentor about an agent: the platform's provider through the gateway (metered as
 * 'ai-mentor'), told the agent's facts; the offline stand-in coaches from the same facts and
 * says so. Both messages are kept in the user's thread.
 */
export async function sendMentorMessage(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  userId: string;
  message: string;
}): Promise<{ threadId: string; reply: MentorMessage }> {
  const { db, config, agent: agentRow } = options;
  const threadId = await ensureThread(db, agentRow, options.userId);
  const history = await db
    .select({ role: mentorMessage.role, content: mentorMessage.content })
    .from(mentorMessage)
    .where(eq(mentorMessage.threadId, threadId))
    .orderBy(asc(mentorMessage.position));
  const context = await getMentorContext({ db, agent: agentRow });
  const provider = defaultProvider(config);
  const result = await generateLlmText({
    db,
    config,
    logger: options.logger,
    subaccountId: agentRow.subaccountId,
    agentId: agentRow.id,
    threadId: null,
    source: MENTOR_SOURCE,
    choice: { provider, model: defaultModelFor(config, provider), providerKeyId: null },
    sampling: { temperature: 0.4, maxTokens: 700, topP: 1, frequencyPenalty: 0, presencePenalty: 0, stopSequences: [] },
    system: buildMentorSystemPrompt(context),
    messages: [
      ...history.slice(-HISTORY_MESSAGES).map((entry) => ({ role: entry.role, content: entry.content })),
      { role: 'user' as const, content: options.message },
    ],
    offline: () => answerMentorOffline(context),
  });
  const isOffline = result.provider === 'offline';
  const actions = chooseMentorActions(context);
  const [, reply] = await db
    .insert(mentorMessage)
    .values([
      { id: randomUUID(), threadId, role: 'user', content: options.message },
      { id: randomUUID(), threadId, role: 'assistant', content: result.text, actions, isOffline },
    ])
    .returning();
  if (!reply) throw new Error('mentor reply was not stored');
  return { threadId, reply: toMentorMessage(reply) };
}
