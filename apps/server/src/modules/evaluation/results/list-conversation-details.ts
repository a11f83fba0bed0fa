import { asc, eq } from 'drizzle-orm';
import type { EvaluationConversationDetail } from '@agentry/core/evaluation';
import type { Database } from '../../../platform/db/database';
import { evaluationConversation } from '../evaluation.tables';
import { toConversationDetail } from './to-conversation-detail';

/** Every conversation of a run in full, in plan order (exports). */
export async function listConversationDetails(options: {
  db: Database;
  runId: string;
}): Promise<EvaluationConversationDetail[]> {
  const rows = await options.db
    .select()
    .from(evaluationConversation)
    .where(eq(evaluationConversation.runId, options.runId))
    .orderBy(asc(evaluationConversation.position));
  return rows.map(toConversationDetail);
}
