import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { buildTrial } from './build-trial';
import { optimizeProposal } from './optimize.tables';

/**
 * A proposal whose trial is running, brought up to date: the trial's numbers so far, and
 * 'tried' once its run finished ('proposed' again when it failed). Other proposals come back as they are.
 */
export async function refreshTrial(options: {
  db: Database;
  proposal: typeof optimizeProposal.$inferSelect;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposal } = options;
  if (proposal.status !== 'trying' || !proposal.trialRunId) return proposal;
  const trial = await buildTrial({
    db,
    originalRunId: proposal.runId,
    trialRunId: proposal.trialRunId,
    failedQuestionIds: new Set(proposal.trialFailedQuestionIds ?? []),
  });
  if (trial.status === 'running') return { ...proposal, trial };
  // A trial that did not finish can be tried again (its draft version stays in the history).
  const status = trial.status === 'completed' ? 'tried' : 'proposed';
  const [updated] = await db
    .update(optimizeProposal)
    .set({ status, trial, updatedAt: new Date() })
    .where(and(eq(optimizeProposal.id, proposal.id), eq(optimizeProposal.status, 'trying')))
    .returning();
  return updated ?? { ...proposal, status, trial };
}
