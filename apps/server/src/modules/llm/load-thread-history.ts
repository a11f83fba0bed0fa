import { sql, type SQL } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { rowsOf } from '../../platform/db/rows-of';
import type { ThreadOwner } from './thread-owner';

/** The newest turns a call sends back to the model; older ones stay stored but are not re-sent. */
export const HISTORY_LIMIT = 40;

/** A stored turn as it is sent back to the model. */
export type HistoryMessage = { role: 'user' | 'assistant'; content: string };

/** The thread whose history is read, each value as SQL (a placeholder, a value or a column of the statement). */
export type HistoryThreadSql = { threadId: SQL; subaccountId: SQL; agentId: SQL; source: SQL; owner: SQL };

/** What threadHistorySql answers: the turns as [role, content], oldest first; null when there is no such thread here. */
export type HistoryColumn = [HistoryMessage['role'], string][] | null;

/**
 * The newest turns of a thread, oldest first, as one JSON column (null unless the thread is this
 * agent's in this sub account, started on this channel by this owner). The thread is found by its
 * primary key alone (`offset 0` keeps the other conditions out of that scan), then checked: given
 * them, the planner could pick the (sub account, agent) index and read every thread of the agent.
 */
export function threadHistorySql(thread: HistoryThreadSql): SQL {
  return sql`(select json_agg(json_build_array(h.role, h.content) order by h.position)
               from (select m.role, m.content, m.position
                       from llm_message m
                      where m.thread_id = (
                          select t.id from (select * from llm_thread where id = ${thread.threadId} offset 0) t
                           where t.subaccount_id = ${thread.subaccountId}
                             and t.agent_id = ${thread.agentId}
                             and t.source = ${thread.source}
                             and (t.owner = ${thread.owner} or t.owner is null))
                      order by m.position desc
                      limit ${HISTORY_LIMIT}) h)`;
}

/** The history of a row's threadHistorySql column. */
export function toHistory(column: HistoryColumn): HistoryMessage[] {
  return (column ?? []).map(([role, content]) => ({ role, content }));
}

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
}): Promise<HistoryMessage[]> {
  const history = threadHistorySql({
    threadId: sql`${options.threadId}`,
    subaccountId: sql`${options.subaccountId}`,
    agentId: sql`${options.agentId}`,
    source: sql`${options.source}`,
    owner: sql`${options.owner}`,
  });
  const [row] = rowsOf<{ history: HistoryColumn }>(await options.db.execute(sql`select ${history} as history`));
  if (!row?.history) throw new AppError('NOT_FOUND', { message: 'Thread not found' });
  return toHistory(row.history);
}
