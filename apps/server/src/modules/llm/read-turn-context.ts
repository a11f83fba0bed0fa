import { sql, type SQL } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database } from '../../platform/db/database';
import { prepareStatement } from '../../platform/db/prepare-statement';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { selectList } from '../../platform/db/select-list';
import { AppError } from '../../platform/http/app-error';
import {
  lockStateStatement,
  subaccountLockColumns,
  toSubaccountLockState,
  type SubaccountLockRow,
  type SubaccountLockState,
} from '../billing/is-subaccount-locked';
import {
  loadThreadHistoryOrThrow,
  threadHistorySql,
  toHistory,
  type HistoryColumn,
  type HistoryMessage,
} from './load-thread-history';
import type { ThreadOwner } from './thread-owner';

export type TurnThread = { threadId: string; agentId: string; source: ThreadSource; owner: ThreadOwner };

export type TurnContext = {
  /** Undefined when the caller had checked the lock already. */
  lockState?: SubaccountLockState;
  history: HistoryMessage[];
};

/** What the turn context's columns answer (turnContextColumns). */
export type TurnContextRow = SubaccountLockRow & { history: HistoryColumn };

/** The thread whose history is read, each value as SQL (a placeholder or a column of the statement). */
export type TurnThreadSql = { threadId: SQL; agentId: SQL; source: SQL; owner: SQL };

/**
 * The columns of the turn context, for a statement over the sub account's organization row as
 * `own` and its settings row as `s` (subaccountLockColumns): the lock state and, when `thread` is
 * given, the newest turns, oldest first, of that thread when it is this agent's here, this
 * channel's and this owner's (null otherwise: threadHistorySql).
 */
export function turnContextColumns(thread: TurnThreadSql | null): Record<keyof TurnContextRow, SQL> {
  return {
    ...subaccountLockColumns(),
    history: thread
      ? threadHistorySql({
          threadId: thread.threadId,
          subaccountId: sql`own.id`,
          agentId: thread.agentId,
          source: thread.source,
          owner: thread.owner,
        })
      : sql`null`,
  };
}

/**
 * The turn context of a row of turnContextColumns (undefined: no such sub account, 404). The
 * lock decides first: a locked sub account is refused whatever the thread; then a thread asked
 * for (`isThreadAsked`) without history is 404.
 */
export function toTurnContextOrThrow(row: TurnContextRow | undefined, isThreadAsked: boolean): TurnContext {
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const lockState = toSubaccountLockState(row);
  if (lockState.isLocked) throw new AppError('PLAN_REQUIRED', { extra: { reason: 'subaccount_locked' } });
  if (isThreadAsked && !row.history) throw new AppError('NOT_FOUND', { message: 'Thread not found' });
  return {
    lockState,
    history: toHistory(row.history),
  };
}

type TurnContextValues = { subaccountId: string } & Partial<Record<keyof TurnThread, string>>;

const value = (key: keyof TurnContextValues) => sql`${sql.placeholder(key)}`;

/** The turn context's statement with the history of a thread (without one it is the lock state's own). */
export const lockAndHistoryStatement = prepareStatement<TurnContextValues>(
  'turn_context_lock_history',
  sql`select ${selectList(
    turnContextColumns({
      threadId: value('threadId'),
      agentId: value('agentId'),
      source: value('source'),
      owner: value('owner'),
    }),
  )}
    from organization own left join subaccount_settings s on s.subaccount_id = own.id
    where own.id = ${value('subaccountId')}`,
);

/**
 * What a turn needs before the model is called, in one statement: that the sub account exists
 * (404 otherwise: a remembered agent or API key of a deleted sub account answers nothing), its
 * lock state and who pays (readSubaccountLockState), and the history of the thread being
 * continued (404 unless it is this agent's in this sub account, of this channel and owner, as
 * loadThreadHistoryOrThrow). The lock decides first: a locked sub account is refused whatever
 * the thread. With `isLockChecked` only the history is read (no statement for a new thread).
 */
export async function readTurnContextOrThrow(options: {
  db: Database;
  subaccountId: string;
  thread?: TurnThread;
  isLockChecked?: boolean;
}): Promise<TurnContext> {
  const { db, subaccountId, thread } = options;
  if (options.isLockChecked) {
    return { history: thread ? await loadThreadHistoryOrThrow({ db, subaccountId, ...thread }) : [] };
  }
  if (!thread) {
    const [row] = await runPreparedStatement<SubaccountLockRow, { subaccountId: string }>(db, lockStateStatement, {
      subaccountId,
    });
    return toTurnContextOrThrow(row && { ...row, history: null }, false);
  }
  const [row] = await runPreparedStatement<TurnContextRow, TurnContextValues>(db, lockAndHistoryStatement, {
    subaccountId,
    ...thread,
  });
  return toTurnContextOrThrow(row, true);
}
