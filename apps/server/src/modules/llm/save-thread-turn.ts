import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ThreadSource } from '@agentry/core/llm';
import type { Database, Transaction } from '../../platform/db/database';
import { llmMessage, llmThread } from './llm.tables';
import type { ThreadOwner } from './thread-owner';

/**
 * Stores one answered turn: the thread when it is new, then the user's message and the answer
 * in one statement (their positions keep that order). Failed turns are not stored.
 * `alsoStore` writes the channel's own record of the turn (the widget's conversation) in the
 * same transaction: one commit for the whole turn.
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
  alsoStore?: (tx: Transaction) => Promise<void>;
}): Promise<void> {
  const { thread } = options;
  // Together or not at all: a stored thread always has messages, which is how
  // loadThreadHistoryOrThrow tells that it exists. One commit is also one flush on the hot path.
  await options.db.transaction(async (tx) => {
    // One statement: the thread created or moved on, and both messages.
    const threadWrite = thread.isNew
      ? tx.insert(llmThread).values({
          id: thread.id,
          subaccountId: thread.subaccountId,
          agentId: thread.agentId,
          source: thread.source,
          owner: thread.owner,
        })
      : tx.update(llmThread).set({ updatedAt: new Date() }).where(eq(llmThread.id, thread.id));
    await tx.execute(
      sql`with thread_write as (${threadWrite.getSQL()}) ${tx
        .insert(llmMessage)
        .values([
          { id: randomUUID(), threadId: thread.id, role: 'user', content: options.userText },
          {
            id: randomUUID(),
            threadId: thread.id,
            role: 'assistant',
            content: options.answer.text,
            inputTokens: options.answer.inputTokens,
            outputTokens: options.answer.outputTokens,
          },
        ])
        .getSQL()}`,
    );
    await options.alsoStore?.(tx);
  });
}
