import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database, Transaction } from '../../platform/db/database';
import { prepareStatement, type PreparedStatement } from '../../platform/db/prepare-statement';
import { runPreparedStatement } from '../../platform/db/run-prepared-statement';
import { llmMessage, llmUsage } from './llm.tables';
import type { ThreadOwner } from './thread-owner';

export type UsageRow = typeof llmUsage.$inferInsert;

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

type Prepared = { execute: (values: Record<string, unknown>) => Promise<unknown> };

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The turn in one statement: the thread created or moved on, both messages (their positions keep
 * that order) and, with `withUsage`, the call's usage row. Data-modifying CTEs all run, and one
 * statement is one transaction: all of it or nothing.
 */
function prepareTurnStatement(handle: Handle, options: { isNew: boolean; withUsage: boolean }): Prepared {
  const name = `thread_turn_${options.isNew ? 'new' : 'continued'}${options.withUsage ? '_usage' : ''}`;
  const threadId = placeholder('threadId');
  const threadWrite = handle.$with('thread_write', {}).as(
    options.isNew
      ? sql`insert into llm_thread (id, subaccount_id, agent_id, source, owner)
            values (${threadId}, ${placeholder('subaccountId')}, ${placeholder('agentId')}, ${placeholder('source')}, ${placeholder('owner')})`
      : sql`update llm_thread set updated_at = now() where id = ${threadId}`,
  );
  const messageRows = [
    { id: placeholder('userMessageId'), threadId, role: 'user' as const, content: placeholder('userText') },
    {
      id: placeholder('answerMessageId'),
      threadId,
      role: 'assistant' as const,
      content: placeholder('answerText'),
      inputTokens: placeholder('inputTokens'),
      outputTokens: placeholder('outputTokens'),
    },
  ];
  if (!options.withUsage) return handle.with(threadWrite).insert(llmMessage).values(messageRows).prepare(name);
  const messagesWrite = handle.$with('turn_messages', {}).as(
    sql`insert into llm_message (id, thread_id, role, content, input_tokens, output_tokens)
        values (${placeholder('userMessageId')}, ${threadId}, 'user', ${placeholder('userText')}, null, null),
               (${placeholder('answerMessageId')}, ${threadId}, 'assistant', ${placeholder('answerText')},
                ${placeholder('inputTokens')}::integer, ${placeholder('outputTokens')}::integer)`,
  );
  return handle
    .with(threadWrite, messagesWrite)
    .insert(llmUsage)
    .values({
      id: placeholder('usage.id'),
      subaccountId: placeholder('usage.subaccountId'),
      agentId: placeholder('usage.agentId'),
      threadId: placeholder('usage.threadId'),
      source: placeholder('usage.source'),
      provider: placeholder('usage.provider'),
      model: placeholder('usage.model'),
      keySource: placeholder('usage.keySource'),
      inputTokens: placeholder('usage.inputTokens'),
      outputTokens: placeholder('usage.outputTokens'),
      costUsd: placeholder('usage.costUsd'),
      millicredits: placeholder('usage.millicredits'),
      status: placeholder('usage.status'),
    })
    .prepare(name);
}

/** Prepared once per database handle (PostgreSQL parses and plans each once per connection). */
const prepared = new WeakMap<Database, Map<string, Prepared>>();

function turnStatementOf(handle: Handle, isTransaction: boolean, options: { isNew: boolean; withUsage: boolean }) {
  if (isTransaction) return prepareTurnStatement(handle, options);
  const db = handle as Database;
  let byVariant = prepared.get(db);
  if (!byVariant) {
    byVariant = new Map();
    prepared.set(db, byVariant);
  }
  const key = `${options.isNew}:${options.withUsage}`;
  let statement = byVariant.get(key);
  if (!statement) {
    statement = prepareTurnStatement(db, options);
    byVariant.set(key, statement);
  }
  return statement;
}

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
const usageColumns = sql.raw(
  'id, subaccount_id, agent_id, thread_id, source, provider, model, key_source, input_tokens, output_tokens, cost_usd, millicredits, status',
);

/**
 * The turn and a channel's record of it in one statement (built once per part and variant): the
 * thread, both messages, the channel's CTEs and, with `withUsage`, the usage row last. Every
 * data-modifying CTE runs whether it is read or not; all of it is one transaction.
 */
function buildTurnWithPart(options: { isNew: boolean; withUsage: boolean; part: TurnStatementPart }) {
  const threadId = placeholder('threadId');
  const threadWrite = options.isNew
    ? sql`insert into llm_thread (id, subaccount_id, agent_id, source, owner)
          values (${threadId}, ${placeholder('subaccountId')}, ${placeholder('agentId')}, ${placeholder('source')}, ${placeholder('owner')})`
    : sql`update llm_thread set updated_at = now() where id = ${threadId}`;
  const usageWrite = options.withUsage
    ? sql`insert into llm_usage (${usageColumns}) values (${sql.join(
        usageFields.map((field) => placeholder(`usage.${field}`)),
        sql`, `,
      )})`
    : sql`select 1`;
  const name = `thread_turn_${options.isNew ? 'new' : 'continued'}${options.withUsage ? '_usage' : ''}_${options.part.name}`;
  return prepareStatement<Record<string, unknown>>(
    name,
    sql`with thread_write as (${threadWrite}), turn_messages as (
        insert into llm_message (id, thread_id, role, content, input_tokens, output_tokens)
        values (${placeholder('userMessageId')}, ${threadId}, 'user', ${placeholder('userText')}, null, null),
               (${placeholder('answerMessageId')}, ${threadId}, 'assistant', ${placeholder('answerText')},
                ${placeholder('inputTokens')}::integer, ${placeholder('outputTokens')}::integer)
      ), ${options.part.ctes}
      ${usageWrite}`,
  );
}

/** The statements with a channel's part, by part name and variant (the text depends on nothing else). */
const withParts = new Map<string, PreparedStatement<Record<string, unknown>>>();

function turnWithPartOf(options: { isNew: boolean; withUsage: boolean; part: TurnStatementPart }) {
  const key = `${options.part.name}:${options.isNew}:${options.withUsage}`;
  let statement = withParts.get(key);
  if (!statement) {
    statement = buildTurnWithPart(options);
    withParts.set(key, statement);
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
  const usageValues = (row: UsageRow) =>
    Object.fromEntries(usageFields.map((field) => [`usage.${field}`, row[field] ?? null]));

  // Together or not at all: a stored thread always has messages, which is how the history read
  // tells that it exists. One commit is also one flush on the hot path.
  async function writeTurn(handle: Handle, isTransaction: boolean, usage: UsageRow | undefined): Promise<void> {
    const usageParams = usage ? usageValues(usage) : {};
    const withUsage = usage !== undefined;
    if (channelTurn) {
      const statement = turnWithPartOf({ isNew: thread.isNew, withUsage, part: channelTurn.part });
      await runPreparedStatement(handle, statement, { ...channelTurn.values, ...values, ...usageParams });
      return;
    }
    await turnStatementOf(handle, isTransaction, { isNew: thread.isNew, withUsage }).execute({
      ...values,
      ...usageParams,
    });
  }

  if (!meter?.settle) {
    await writeTurn(options.db, false, meter?.usageRow(0));
    return;
  }
  const { settle } = meter;
  await options.db.transaction(async (tx) => {
    await writeTurn(tx, true, undefined);
    const charged = await settle(tx);
    await tx.insert(llmUsage).values(meter.usageRow(charged));
  });
}
