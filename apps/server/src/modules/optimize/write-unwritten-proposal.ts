import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { agent } from '../agents/agents.tables';
import { listRunFailures } from './list-run-failures';
import { optimizeProposal } from './optimize.tables';
import { toAddressedFailure } from './to-addressed-failure';
import { UNUSABLE_PROPOSAL_MESSAGE, writeProposal, type WrittenProposal } from './write-proposal';

const INTERNAL_FAILURE_MESSAGE =
  'The proposal could not be written because of an internal error. Ask again in a moment to write it.';

/** Why a proposal call failed, for the user: the provider's (or our) reason and what to do. */
function toFailureReason(error: unknown): string {
  if (!(error instanceof AppError)) return INTERNAL_FAILURE_MESSAGE;
  const reason = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return typeof error.extra?.advice === 'string' ? `${reason} ${error.extra.advice}` : reason;
}

/**
 * Writes the proposal of one cause already found (an 'unwritten' row) and stores it as soon as it
 * is written, so a later failure never discards it. When the call fails or its answer is unusable,
 * the row stays unwritten with the reason and what the attempt cost, for the next request to retry.
 */
export async function writeUnwrittenProposal(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  instructions: string;
  row: typeof optimizeProposal.$inferSelect;
}): Promise<void> {
  const { db, row } = options;
  const isStillUnwritten = and(eq(optimizeProposal.id, row.id), eq(optimizeProposal.status, 'unwritten'));
  // The cause's failures as they are now: one whose verdict was overridden to a pass needs no fix.
  const failures = await listRunFailures({
    db,
    runId: row.runId,
    conversationIds: row.failures.map((failure) => failure.conversationId),
  });
  if (failures.length === 0) {
    await db.delete(optimizeProposal).where(isStillUnwritten);
    return;
  }
  let written: WrittenProposal;
  try {
    written = await writeProposal({
      db,
      config: options.config,
      logger: options.logger,
      agent: options.agent,
      instructions: options.instructions,
      group: { cause: row.cause, failures },
    });
  } catch (error) {
    if (!(error instanceof AppError))
      options.logger?.error({ err: error, proposalId: row.id }, 'writing a proposal failed');
    await db
      .update(optimizeProposal)
      .set({ rationale: toFailureReason(error), updatedAt: new Date() })
      .where(isStillUnwritten);
    return;
  }
  const costUsd = row.costUsd + written.costUsd;
  if (!written.isUsable) {
    await db
      .update(optimizeProposal)
      .set({ rationale: UNUSABLE_PROPOSAL_MESSAGE, costUsd, updatedAt: new Date() })
      .where(isStillUnwritten);
    return;
  }
  await db
    .update(optimizeProposal)
    .set({
      status: 'proposed',
      rationale: written.rationale,
      currentInstructions: options.instructions,
      proposedInstructions: written.instructions,
      failures: failures.map(toAddressedFailure),
      isOffline: written.isOffline,
      costUsd,
      updatedAt: new Date(),
    })
    .where(isStillUnwritten);
}
