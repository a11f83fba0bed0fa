import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import type { evaluationRun } from '../evaluation/evaluation.tables';
import { groupFailures } from './group-failures';
import type { RunFailure } from './list-run-failures';
import { optimizeProposal } from './optimize.tables';
import { toAddressedFailure } from './to-addressed-failure';

/**
 * Groups a run's failures by cause (one paid model call) and stores each group at once as an
 * 'unwritten' row carrying its share of the grouping's cost, in place of the run's proposals
 * still open: whatever happens to the proposal calls after, the grouping is not paid twice.
 * Answers the rows in the order the groups were found.
 */
export async function storeCauseGroups(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  run: typeof evaluationRun.$inferSelect;
  agent: typeof agent.$inferSelect;
  failures: readonly RunFailure[];
  instructions: string;
  userId: string;
}): Promise<(typeof optimizeProposal.$inferSelect)[]> {
  const { db, run } = options;
  const grouping = await groupFailures({
    db,
    config: options.config,
    logger: options.logger,
    agent: options.agent,
    failures: options.failures,
  });
  const groupingShare = grouping.costUsd / Math.max(1, grouping.groups.length);
  const now = Date.now();
  return db.transaction(async (tx) => {
    await tx
      .delete(optimizeProposal)
      .where(and(eq(optimizeProposal.runId, run.id), inArray(optimizeProposal.status, ['proposed', 'unwritten'])));
    if (grouping.groups.length === 0) return [];
    return tx
      .insert(optimizeProposal)
      .values(
        grouping.groups.map((group, index) => ({
          id: randomUUID(),
          subaccountId: run.subaccountId,
          agentId: options.agent.id,
          runId: run.id,
          cause: group.cause,
          // Why it is missing, once a call for it failed; empty until then.
          rationale: '',
          currentInstructions: options.instructions,
          proposedInstructions: '',
          failures: group.failures.map(toAddressedFailure),
          status: 'unwritten' as const,
          isOffline: grouping.isOffline,
          costUsd: groupingShare,
          createdByUserId: options.userId,
          // Keeps the groups' order when listed by time.
          createdAt: new Date(now + index),
        })),
      )
      .returning();
  });
}
