import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { publishThroughGate } from '../agents/publish-through-gate';
import { optimizeProposal } from './optimize.tables';

/**
 * Accept: publishes the candidate version the trial tested, so visitors get it. Publishing goes
 * through the agent's regression gate like any other publish (a refusal is a 409 GATE_FAILED;
 * an admin's override note publishes anyway).
 */
export async function acceptProposal(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  cache: Cache;
  proposal: typeof optimizeProposal.$inferSelect;
  userId: string;
  overrideNote?: string;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposal } = options;
  if (proposal.status !== 'tried' || !proposal.candidateVersionId)
    throw new AppError('CONFLICT', { message: 'Try the change before you publish it' });
  await publishThroughGate({
    db,
    config: options.config,
    queue: options.queue,
    cache: options.cache,
    subaccountId: proposal.subaccountId,
    agentId: proposal.agentId,
    versionId: proposal.candidateVersionId,
    userId: options.userId,
    ...(options.overrideNote ? { overrideNote: options.overrideNote } : {}),
  });
  const [updated] = await db
    .update(optimizeProposal)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(and(eq(optimizeProposal.id, proposal.id), eq(optimizeProposal.status, 'tried')))
    .returning();
  if (!updated) throw new AppError('CONFLICT', { message: 'This proposal has already been decided' });
  return updated;
}
