import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../../platform/db/database';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { getAgentVersionRowOrThrow } from '../agents/get-agent-version-or-throw';
import { toAgentBehaviour } from '../agents/to-agent-version';
import { getPublishedVersion } from './get-published-version';
import type { optimizeProposal } from './optimize.tables';

/**
 * Whether publishing a tried proposal's draft version changes only what the proposal changes: the
 * version visitors get now is still the one the draft was made from (the same behaviour, and the
 * instructions the change was merged onto). False once another change was published since, which
 * publishing the draft would undo.
 */
export async function isTriedOnPublished(options: {
  db: Database;
  proposal: typeof optimizeProposal.$inferSelect;
}): Promise<boolean> {
  const { db, proposal } = options;
  if (!proposal.candidateVersionId) return true;
  const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
  const published = await getPublishedVersion({ db, agent: agentRow });
  if (!published || published.id === proposal.candidateVersionId) return true;
  const candidate = await getAgentVersionRowOrThrow({
    db,
    agentId: agentRow.id,
    versionId: proposal.candidateVersionId,
  });
  return isDeepStrictEqual(
    { ...toAgentBehaviour(candidate), instructions: proposal.currentInstructions },
    toAgentBehaviour(published),
  );
}
