import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import { evaluationConversation } from '../evaluation.tables';

/** A conversation of a run (the run's tenancy is checked by the caller). */
export async function getConversationRowOrThrow(options: { db: Database; runId: string; conversationId: string }) {
  const [row] = await options.db
    .select()
    .from(evaluationConversation)
    .where(and(eq(evaluationConversation.id, options.conversationId), eq(evaluationConversation.runId, options.runId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Conversation not found' });
  return row;
}
