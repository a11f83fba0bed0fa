import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OptimizeProposal } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import type { evaluationRun } from '../evaluation/evaluation.tables';
import { groupFailures, type FailureGroup } from './group-failures';
import { listProposals } from './list-proposals';
import { listRunFailures } from './list-run-failures';
import { optimizeProposal, optimizeProposing } from './optimize.tables';
import { writeProposal } from './write-proposal';
import { getBaseInstructions } from './get-base-instructions';

/**
 * A claim older than this belongs to a request whose server died (the model calls of one
 * request end long before): another request may take it over.
 */
const PROPOSING_EXPIRES_MS = 10 * 60_000;

/** Claims the run for one request; a second request while the first is at the models gets a 409. */
async function claimProposing(db: Database, runId: string): Promise<string> {
  const token = randomUUID();
  const now = new Date();
  const [claimed] = await db
    .insert(optimizeProposing)
    .values({ runId, token, claimedAt: now })
    .onConflictDoUpdate({
      target: optimizeProposing.runId,
      set: { token, claimedAt: now },
      setWhere: lt(optimizeProposing.claimedAt, new Date(now.getTime() - PROPOSING_EXPIRES_MS)),
    })
    .returning({ token: optimizeProposing.token });
  if (!claimed)
    throw new AppError('CONFLICT', {
      message: 'Causes are already being found for this run; the proposals appear when that ends',
    });
  return token;
}

/**
 * Groups a finished run's failures by cause and writes one proposed change of the agent's
 * instructions per group. Proposals still open for the run are replaced; tried, accepted and
 * rejected ones stay as the record of what was done.
 */
export async function createProposals(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  run: typeof evaluationRun.$inferSelect;
  userId: string;
}): Promise<OptimizeProposal[]> {
  const { db, run } = options;
  if (!run.agentId)
    throw new AppError('VALIDATION_ERROR', { message: 'Only runs that tested an agent can be optimized' });
  if (run.status !== 'finished' && run.status !== 'cancelled')
    throw new AppError('CONFLICT', { message: 'The run has not finished yet' });
  const agentRow = await getAgentRowOrThrow({ db, agentId: run.agentId, subaccountId: run.subaccountId });
  const failures = await listRunFailures({ db, runId: run.id });
  if (failures.length === 0)
    throw new AppError('VALIDATION_ERROR', { message: 'This run has no failed answers to improve' });

  const token = await claimProposing(db, run.id);
  try {
    await writeProposals({
      db,
      config: options.config,
      logger: options.logger,
      run,
      agentRow,
      failures,
      userId: options.userId,
    });
  } finally {
    await db
      .delete(optimizeProposing)
      .where(and(eq(optimizeProposing.runId, run.id), eq(optimizeProposing.token, token)));
  }
  return listProposals({ db, subaccountId: run.subaccountId, runId: run.id });
}

async function writeProposals(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  run: typeof evaluationRun.$inferSelect;
  agentRow: Awaited<ReturnType<typeof getAgentRowOrThrow>>;
  failures: Awaited<ReturnType<typeof listRunFailures>>;
  userId: string;
}) {
  const { db, run, agentRow, failures } = options;
  const instructions = await getBaseInstructions({ db, agent: agentRow });
  const grouping = await groupFailures({
    db,
    config: options.config,
    logger: options.logger,
    agent: agentRow,
    failures,
  });
  const written: { group: FailureGroup; proposal: Awaited<ReturnType<typeof writeProposal>> }[] = [];
  for (const group of grouping.groups) {
    const proposal = await writeProposal({
      db,
      config: options.config,
      logger: options.logger,
      agent: agentRow,
      instructions,
      group,
    });
    written.push({ group, proposal });
  }
  const groupingShare = grouping.costUsd / Math.max(1, written.length);
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx
      .delete(optimizeProposal)
      .where(and(eq(optimizeProposal.runId, run.id), eq(optimizeProposal.status, 'proposed')));
    await tx.insert(optimizeProposal).values(
      written.map(({ group, proposal }, index) => ({
        id: randomUUID(),
        subaccountId: run.subaccountId,
        agentId: agentRow.id,
        runId: run.id,
        cause: group.cause,
        rationale: proposal.rationale,
        currentInstructions: instructions,
        proposedInstructions: proposal.instructions,
        failures: group.failures.map(({ conversationId, questionText, answer, reasoning, verdict }) => ({
          conversationId,
          questionText,
          answer,
          reasoning,
          verdict,
        })),
        isOffline: proposal.isOffline,
        costUsd: proposal.costUsd + groupingShare,
        createdByUserId: options.userId,
        // Keeps the groups' order when listed by time.
        createdAt: new Date(now + index),
      })),
    );
  });
}
