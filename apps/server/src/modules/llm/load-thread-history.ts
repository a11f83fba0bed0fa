import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { llmMessage, llmThread } from './llm.tables';
import type { ThreadOwner } from './thread-owner';

/** The newest turns a call sends back to the model; older ones stay stored but are not re-sent. */
export const HISTORY_LIMIT = 40;

/** A stored turn as it is sent back to the model. */
export type HistoryMessage = { role: 'user' | 'assistant'; content: string };

/**
 * The history of a thread of this agent in this sub account, started on this channel by this
 * owner, in one query. A thread is only ever stored with its first two messages, so no rows
 * means no such thread here: 404, the same for another tenant's, channel's or owner's thread
 * as for a made-up id.
 */
export async function loadThreadHistoryOrThrow(options: {
  db: Database;
  threadId: string;
  subaccountId: string;
  agentId: string;
  source: ThreadSource;
  owner: ThreadOwner;
  limit?: number;
}): Promise<HistoryMessage[]> {
  const rows = await options.db
    .select({ role: llmMessage.role, content: llmMessage.content })
    .from(llmMessage)
    .innerJoin(
      llmThread,
      and(
        eq(llmThread.id, llmMessage.threadId),
        eq(llmThread.subaccountId, options.subaccountId),
        eq(llmThread.agentId, options.agentId),
        eq(llmThread.source, options.source),
        or(eq(llmThread.owner, options.owner), isNull(llmThread.owner)),
      ),
    )
    .where(eq(llmMessage.threadId, options.threadId))
    .orderBy(desc(llmMessage.position))
    .limit(options.limit ?? HISTORY_LIMIT);
  if (rows.length === 0) throw new AppError('NOT_FOUND', { message: 'Thread not found' });
  return rows.reverse().map((row) => ({ role: row.role, content: row.content }));
}
