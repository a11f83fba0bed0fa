import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { evaluationConversation } from '../evaluation/evaluation.tables';

/** Passes and failures (fail or unclear) of a run's judged conversations, overrides counting. */
export async function countRunVerdicts(options: {
  db: Database;
  runId: string;
}): Promise<{ passes: number; failures: number; judged: number }> {
  const rows = await options.db
    .select({ judge: evaluationConversation.judgeVerdict, override: evaluationConversation.overrideVerdict })
    .from(evaluationConversation)
    .where(and(eq(evaluationConversation.runId, options.runId), eq(evaluationConversation.status, 'done')));
  let passes = 0;
  let failures = 0;
  for (const row of rows) {
    const verdict = row.override ?? row.judge;
    if (verdict === 'pass') passes += 1;
    else if (verdict) failures += 1;
  }
  return { passes, failures, judged: passes + failures };
}
