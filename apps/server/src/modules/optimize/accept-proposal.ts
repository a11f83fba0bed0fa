import { and, eq } from 'drizzle-orm';
import { TRIED_PROPOSAL_OUTDATED_MESSAGE } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { publishThroughGate } from '../agents/publish-through-gate';
import { decideTriedProposal } from './decide-tried-proposal';
import { getPublishedVersion } from './get-published-version';
import { isTriedOnPublished } from './is-tried-on-published';
import { optimizeProposal } from './optimize.tables';

/**
 * Accept: publishes the candidate version the trial tested, so visitors get it. Publishing goes
 * through the agent's regression gate like any other publish (a refusal is a 409 GATE_FAILED;
 * an admin's override note publishes anyway). A draft made from a version no longer published is
 * refused (409) before anything is claimed: publishing it would undo what was published since.
 *
 * The proposal is claimed ('accepting') before anything is published: a reject at the same time
 * either decided it first (this accept answers 409 and publishes nothing) or is refused. When the
 * publish fails (the gate refused it, the gate's run failed), the proposal is 'tried' again.
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
  const candidateVersionId = proposal.candidateVersionId;
  if (proposal.status === 'proposed' || proposal.status === 'trying' || !candidateVersionId)
    throw new AppError('CONFLICT', { message: 'Try the change before you publish it' });
  // The draft was made from the version published then: publishing it over a newer one would undo
  // that. Checked here, and again under the agent's lock when publishing (two accepts at once).
  const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
  const published = await getPublishedVersion({ db, agent: agentRow });
  if (!(await isTriedOnPublished({ db, proposal, published })))
    throw new AppError('CONFLICT', { message: TRIED_PROPOSAL_OUTDATED_MESSAGE });
  const claimed = await decideTriedProposal({ db, proposalId: proposal.id, status: 'accepting' });
  const isOurClaim = and(
    eq(optimizeProposal.id, proposal.id),
    eq(optimizeProposal.status, 'accepting'),
    eq(optimizeProposal.updatedAt, claimed.updatedAt),
  );
  try {
    await publishThroughGate({
      db,
      config: options.config,
      queue: options.queue,
      cache: options.cache,
      subaccountId: proposal.subaccountId,
      agentId: proposal.agentId,
      versionId: candidateVersionId,
      userId: options.userId,
      ...(options.overrideNote ? { overrideNote: options.overrideNote } : {}),
      onlyOver: { versionId: agentRow.publishedVersionId ?? null, message: TRIED_PROPOSAL_OUTDATED_MESSAGE },
    });
  } catch (error) {
    await db.update(optimizeProposal).set({ status: 'tried', updatedAt: new Date() }).where(isOurClaim);
    throw error;
  }
  const [updated] = await db
    .update(optimizeProposal)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(isOurClaim)
    .returning();
  if (!updated) throw new AppError('CONFLICT', { message: 'This proposal has already been decided' });
  return updated;
}
