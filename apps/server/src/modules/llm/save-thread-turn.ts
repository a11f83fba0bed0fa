import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database, Transaction } from '../../platform/db/database';
import { prepareStatement, type PreparedStatement } from '../../platform/db/prepare-statement';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { llmUsage } from './llm.tables';
import type { ThreadOwner } from './thread-owner';

/** A usage row as written: every column given (a missing count would be sent as null), the time left to the database. */
export type UsageRow = Required<Omit<typeof llmUsage.$inferInsert, 'createdAt'>>;

/** How the call of a turn is metered with it (call-language-model.ts `meter`). */
export type TurnMeter = {
  /** Settles the call's credit hold in the turn's transaction; answers the millicredits charged. */
  settle?: (tx: Transaction) => Promise<number>;
  /** The call's usage row, with the millicredits charged. */
  usageRow: (millicredits: number) => UsageRow;
};

/**
 * A channel's own record of a turn (the widget's visitor, conversation and messages), written by
 * the turn's statement as more data-modifying CTEs: `ctes` is `name as (...)` parts, comma
 * separated, with a `sql.placeholder` for every value. Made once per kind of record (`name` is
 * unique to its text); its placeholders may use the turn's own `threadId`, `agentId` and
 * `answerText` and must not reuse its other names (`userText`, `userMessageId`,
 * `answerMessageId`, `inputTokens`, `outputTokens`, `subaccountId`, `source`, `owner`,
 * `usage.*`).
 */
export type TurnStatementPart = { name: string; ctes: SQL };

/** A channel's record of one turn: its part of the statement and that part's values. */
export type ChannelTurn = { part: TurnStatementPart; values: Record<string, unknown> };

type Handle = Database | Transaction;

const placeholder = (name: string) => sql.placeholder(name);

/** The columns of the usage row, in the order of `usageColumns`. */
const usageFields = [
  'id',
  'subaccountId',
  'agentId',
  'threadId',
  'source',
  'provider',
  'model',
  'keySource',
  'inputTokens',
  'outputTokens',
  'costUsd',
  'millicredits',
  'status',
] as const satisfies readonly (keyof UsageRow)[];
const usageColumns = sql.join(
  usageFields.map((field) => sql.identifier(llmUsage[field].name)),
  sql`, `,
);
const usagePlaceholders = sql.join(
  usageFields.map((field) => placeholder(`usage.${field}`)),
  sql`, `,
);
const usageKeys = usageFields.map((field) => `usage.${field}`);

/**
 * Adds the usage row's values to `into` under their placeholders' names. A loop rather than
 * `Object.fromEntries`, and callers merge with `Object.assign` rather than spreads: on Node 20
 * spreading these 40-odd keys into one literal took about 85 µs per turn (measured on its own),
 * against 3 µs this way.
 */
function addUsageValues(into: Record<string, unknown>, row: UsageRow): Record<string, unknown> {
  for (let index = 0; index < usageFields.length; index += 1) into[usageKeys[index]!] = row[usageFields[index]!];
  return into;
}

/** A usage row on its own: a call that is not stored as a turn, or a billed turn's row after its settlement. */
const usageStatement = prepareStatement<Record<string, unknown>>(
  'llm_usage_insert',
  sql`insert into llm_usage (${usageColumns}) values (${usagePlaceholders})`,
);

/**
 * Writes one usage row, on the database (its own transaction) or inside one, as a prepared
 * statement: the query is not built again for every call, nor parsed and planned by PostgreSQL.
 */
export async function insertUsageRow(handle: Handle, row: UsageRow): Promise<void> {
  await runPreparedStatement(handle, usageStatement, addUsageValues({}, row));
}

/** Which turn statement: a new thread or one continued, with the usage row or not, with a channel's part or not. */
type TurnVariant = { isNew: boolean; withUsage: boolean; part: TurnStatementPart | undefined };

/**
 * The turn in one statement (built once per variant): the thread created or moved on, both
 * messages (their positions keep that order), the channel's CTEs and, with `withUsage`, the usage
 * row last. Every data-modifying CTE runs whether it is read or not; all of it is one transaction.
 */
function buildTurnStatement({ isNew, withUsage, part }: TurnVariant) {
  const threadId = placeholder('threadId');
  const threadWrite = isNew
    ? sql`insert into llm_thread (id, subaccount_id, agent_id, source, owner)
          values (${threadId}, ${placeholder('subaccountId')}, ${placeholder('agentId')}, ${placeholder('source')}, ${placeholder('owner')})`
    : sql`update llm_thread set updated_at = now() where id = ${threadId}`;
  const usageWrite = withUsage
    ? sql`insert into llm_usage (${usageColumns}) values (${usagePlaceholders})`
    : sql`select 1`;
  const name = `thread_turn_${isNew ? 'new' : 'continued'}${withUsage ? '_usage' : ''}${part ? `_${part.name}` : ''}`;
  return prepareStatement<Record<string, unknown>>(
    name,
    sql`with thread_write as (${threadWrite}), turn_messages as (
        insert into llm_message (id, thread_id, role, content, input_tokens, output_tokens)
        values (${placeholder('userMessageId')}, ${threadId}, 'user', ${placeholder('userText')}, null, null),
               (${placeholder('answerMessageId')}, ${threadId}, 'assistant', ${placeholder('answerText')},
                ${placeholder('inputTokens')}::integer, ${placeholder('outputTokens')}::integer)
      )${part ? sql`, ${part.ctes}` : sql``}
      ${usageWrite}`,
  );
}

/** The turn statements by variant (the text depends on nothing else). */
const turnStatements = new Map<string, PreparedStatement<Record<string, unknown>>>();

function turnStatementOf(variant: TurnVariant) {
  const key = `${variant.part?.name ?? ''}:${variant.isNew}:${variant.withUsage}`;
  let statement = turnStatements.get(key);
  if (!statement) {
    statement = buildTurnStatement(variant);
    turnStatements.set(key, statement);
  }
  return statement;
}

/**
 * Stores one answered turn: the thread when it is new, the user's message and the answer, and
 * the call's usage row (`meter`). Failed turns are not stored.
 *
 * Without a credit settlement, that is one statement (its own transaction, one commit), with the
 * channel's own record of the turn (`channelTurn`, the widget's conversation) as more CTEs of it.
 * A billed call settles its credit hold: then one transaction holds that statement (without the
 * usage row), the settlement and the usage row, in that order, so the credit balance's row lock
 * is held only for the end of the turn.
 */
export async function saveThreadTurn(options: {
  db: Database;
  thread: {
    id: string;
    isNew: boolean;
    subaccountId: string;
    agentId: string;
    source: ThreadSource;
    owner: ThreadOwner;
  };
  userText: string;
  answer: { text: string; inputTokens: number; outputTokens: number };
  meter?: TurnMeter;
  channelTurn?: ChannelTurn;
}): Promise<void> {
  const { thread, meter, channelTurn } = options;
  const values = {
    threadId: thread.id,
    subaccountId: thread.subaccountId,
    agentId: thread.agentId,
    source: thread.source,
    owner: thread.owner,
    userMessageId: randomUUID(),
    userText: options.userText,
    answerMessageId: randomUUID(),
    answerText: options.answer.text,
    inputTokens: options.answer.inputTokens,
    outputTokens: options.answer.outputTokens,
  };
  // Together or not at all: a stored thread always has messages, which is how the history read
  // tells that it exists. One commit is also one flush on the hot path.
  async function writeTurn(handle: Handle, usage: UsageRow | undefined): Promise<void> {
    const statement = turnStatementOf({ isNew: thread.isNew, withUsage: usage !== undefined, part: channelTurn?.part });
    const named: Record<string, unknown> = Object.assign({}, channelTurn?.values, values);
    await runPreparedStatement(handle, statement, usage ? addUsageValues(named, usage) : named);
  }

  if (!meter?.settle) {
    await writeTurn(options.db, meter?.usageRow(0));
    return;
  }
  const { settle } = meter;
  await options.db.transaction(async (tx) => {
    await writeTurn(tx, undefined);
    const charged = await settle(tx);
    await insertUsageRow(tx, meter.usageRow(charged));
  });
}
