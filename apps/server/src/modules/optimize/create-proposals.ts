import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import type { evaluationRun } from '../evaluation/evaluation.tables';
import { listProposals, type ListedProposals } from './list-proposals';
import { listRunFailures } from './list-run-failures';
import { optimizeProposal, optimizeProposing } from './optimize.tables';
import { getBaseInstructions } from './get-base-instructions';
import { storeCauseGroups } from './store-cause-groups';
import { writeUnwrittenProposal } from './write-unwritten-proposal';

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
 *
 * Every model call is paid for, so none is thrown away: the groups are stored as soon as they are
 * found, and each proposal as soon as it is written. A proposal whose call fails (or whose answer
 * is unusable) leaves its cause 'unwritten', with the reason; while a run has such causes, asking
 * again writes only those, without grouping again.
 */
export async function createProposals(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  run: typeof evaluationRun.$inferSelect;
  userId: string;
}): Promise<ListedProposals> {
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
    const instructions = await getBaseInstructions({ db, agent: agentRow });
    const unwritten = await db
      .select()
      .from(optimizeProposal)
      .where(and(eq(optimizeProposal.runId, run.id), eq(optimizeProposal.status, 'unwritten')))
      .orderBy(asc(optimizeProposal.createdAt), asc(optimizeProposal.id));
    const rows =
      unwritten.length > 0
        ? unwritten
        : await storeCauseGroups({
            db,
            config: options.config,
            logger: options.logger,
            run,
            agent: agentRow,
            failures,
            instructions,
            userId: options.userId,
          });
    // One after another, as before: each call is charged, and a failed one must not stop the rest.
    for (const row of rows)
      await writeUnwrittenProposal({
        db,
        config: options.config,
        logger: options.logger,
        agent: agentRow,
        instructions,
        row,
      });
  } finally {
    await db
      .delete(optimizeProposing)
      .where(and(eq(optimizeProposing.runId, run.id), eq(optimizeProposing.token, token)));
  }
  return listProposals({ db, subaccountId: run.subaccountId, runId: run.id });
}
