import { and, asc, eq } from 'drizzle-orm';
import type { MentorThreadReply } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { getMentorContext } from './get-mentor-facts';
import { mentorMessage, mentorThread } from './optimize.tables';
import { toMentorMessage } from './to-mentor-message';

/** The user's own mentor thread about the agent (empty before the first question) and what the mentor knows. */
export async function getMentorThread(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
  userId: string;
}): Promise<MentorThreadReply> {
  const { db, agent: agentRow } = options;
  const [thread] = await db
    .select({ id: mentorThread.id })
    .from(mentorThread)
    .where(
      and(
        eq(mentorThread.subaccountId, agentRow.subaccountId),
        eq(mentorThread.userId, options.userId),
        eq(mentorThread.agentId, agentRow.id),
      ),
    )
    .limit(1);
  const messages = thread
    ? await db
        .select()
        .from(mentorMessage)
        .where(eq(mentorMessage.threadId, thread.id))
        .orderBy(asc(mentorMessage.position))
    : [];
  const context = await getMentorContext({ db, agent: agentRow });
  return { threadId: thread?.id ?? null, messages: messages.map(toMentorMessage), facts: context.facts };
}
