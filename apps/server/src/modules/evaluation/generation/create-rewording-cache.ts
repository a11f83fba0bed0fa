import { and, eq, isNull, sql } from 'drizzle-orm';
import { callWithBackoff } from '../run/call-with-backoff';
import { evaluationConversation } from '../evaluation.tables';
import type { ConversationUsage } from '../evaluation-types';
import { rewordQuestion } from './reword-question';
import { rewordingsMissingError } from './generation-failures';
import type { ConversationContext } from '../run/run-conversation';
import { emptyConversationUsage, recordCall } from '../results/usage-math';

type ConversationRow = typeof evaluationConversation.$inferSelect;

/** One rewording call per question, shared by its reworded conversations and stored on them. */
export function createRewordingCache(input: { context: ConversationContext; rows: readonly ConversationRow[] }) {
  const { context } = input;
  const pending = new Map<string, Promise<Map<number, string>>>();
  const keyOf = (row: ConversationRow) => `${row.group}\u0000${row.questionId}\u0000${row.questionText}`;

  async function reword(row: ConversationRow): Promise<Map<number, string>> {
    const siblings = input.rows.filter((entry) => keyOf(entry) === keyOf(row) && entry.variation > 1);
    const count = Math.max(...siblings.map((entry) => entry.variation)) - 1;
    const usage: ConversationUsage = emptyConversationUsage();
    const result = await callWithBackoff(context, () =>
      rewordQuestion({
        db: context.db,
        config: context.config,
        logger: context.logger,
        testingModel: context.testingModel,
        question: row.questionText,
        count,
        signal: context.signal,
      }),
    );
    recordCall(usage, 'simulatedUser', result.usage);
    const texts = new Map<number, string>();
    for (const entry of siblings) {
      const text = result.rewordings[entry.variation - 2];
      if (text !== undefined) texts.set(entry.variation, text);
    }
    const first = siblings.find((entry) => entry.variation === 2) ?? siblings[0];
    await context.db.transaction(async (tx) => {
      for (const entry of siblings) {
        const isFirst = entry.id === first?.id;
        const askedText = texts.get(entry.variation);
        if (askedText === undefined && !isFirst) continue;
        await tx
          .update(evaluationConversation)
          .set({
            ...(askedText !== undefined ? { askedText } : {}),
            ...(isFirst
              ? {
                  rewordingUsage: usage,
                  costUsd: sql`${evaluationConversation.costUsd} + ${result.usage.costUsd}`,
                  millicredits: sql`${evaluationConversation.millicredits} + ${result.usage.millicredits}`,
                }
              : {}),
          })
          .where(and(eq(evaluationConversation.id, entry.id), isNull(evaluationConversation.askedText)));
      }
    });
    return texts;
  }

  return {
    async askedTextOf(row: ConversationRow): Promise<string> {
      const key = keyOf(row);
      let texts = pending.get(key);
      if (!texts) {
        texts = reword(row);
        pending.set(key, texts);
        // A failed rewording is tried again by the next conversation that needs it.
        texts.catch(() => pending.delete(key));
      }
      const text = (await texts).get(row.variation);
      // The model did not write this variation: the conversation errors and says so.
      if (text === undefined) throw rewordingsMissingError();
      return text;
    },
  };
}
