import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database, Transaction } from '../../platform/db/database';
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

/**
 * Stores one answered turn: the thread when it is new, the user's message and the answer, and
 * the call's usage row (`meter`). Failed turns are not stored.
 *
 * Without `alsoStore` and a credit settlement, that is one statement (its own transaction, one
 * commit). `alsoStore` writes the channel's own record of the turn (the widget's conversation),
 * and a billed call settles its credit hold: then one transaction holds the turn, the channel's
 * record, the settlement and the usage row, in that order, so the credit balance's row lock is
 * held only for the end of the turn.
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
  alsoStore?: (tx: Transaction) => Promise<void>;
}): Promise<void> {
  const { thread, meter, alsoStore } = options;
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
    Object.fromEntries(Object.entries(row).map(([field, value]) => [`usage.${field}`, value ?? null]));

  // Together or not at all: a stored thread always has messages, which is how the history read
  // tells that it exists. One commit is also one flush on the hot path.
  if (!alsoStore && !meter?.settle) {
    const usage = meter ? usageValues(meter.usageRow(0)) : {};
    await turnStatementOf(options.db, false, { isNew: thread.isNew, withUsage: meter !== undefined }).execute({
      ...values,
      ...usage,
    });
    return;
  }
  await options.db.transaction(async (tx) => {
    const isUsageWithTurn = meter !== undefined && !meter.settle;
    await turnStatementOf(tx, true, { isNew: thread.isNew, withUsage: isUsageWithTurn }).execute({
      ...values,
      ...(isUsageWithTurn ? usageValues(meter.usageRow(0)) : {}),
    });
    await alsoStore?.(tx);
    if (meter?.settle) {
      const charged = await meter.settle(tx);
      await tx.insert(llmUsage).values(meter.usageRow(charged));
    }
  });
}
