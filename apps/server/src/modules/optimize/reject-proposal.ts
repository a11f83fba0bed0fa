import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agentVersion } from '../agents/agents.tables';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { restoreAgentVersion } from '../agents/restore-agent-version';
import { decideTriedProposal } from './decide-tried-proposal';
import type { optimizeProposal } from './optimize.tables';

/**
 * Reject: the candidate stays in the agent's history as a draft version. When it is still the
 * working copy, the published version is restored as the working copy, so a later edit does not
 * publish the rejected change by accident.
 */
export async function rejectProposal(options: {
  db: Database;
  proposal: typeof optimizeProposal.$inferSelect;
  userId: string;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposal } = options;
  if (proposal.status === 'proposed' || proposal.status === 'trying')
    throw new AppError('CONFLICT', { message: 'Only a tried change can be rejected' });
  // Decided before anything else: an accept publishing at this moment makes this a 409.
  const updated = await decideTriedProposal({ db, proposalId: proposal.id, status: 'rejected' });

  const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
  const [newest] = await db
    .select({ id: agentVersion.id })
    .from(agentVersion)
    .where(eq(agentVersion.agentId, agentRow.id))
    .orderBy(desc(agentVersion.number))
    .limit(1);
  if (newest?.id === proposal.candidateVersionId && agentRow.publishedVersionId)
    await restoreAgentVersion({
      db,
      subaccountId: agentRow.subaccountId,
      agentId: agentRow.id,
      versionId: agentRow.publishedVersionId,
      userId: options.userId,
      note: 'Back to the published version after rejecting an Optimize change',
    });
  return updated;
}
