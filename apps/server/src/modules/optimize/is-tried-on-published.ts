import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../../platform/db/database';
import type { agentVersion } from '../agents/agents.tables';
import { getAgentVersionRowOrThrow } from '../agents/get-agent-version-or-throw';
import { toAgentBehaviour } from '../agents/to-agent-version';
import type { optimizeProposal } from './optimize.tables';

/**
 * Whether publishing a tried proposal's draft version changes only what the proposal changes: the
 * version visitors get now (`published`, read by the caller) is still the one the draft was made
 * from (the same behaviour, and the instructions the change was merged onto). False once another
 * change was published since, which publishing the draft would undo.
 */
export async function isTriedOnPublished(options: {
  db: Database;
  proposal: typeof optimizeProposal.$inferSelect;
  published: typeof agentVersion.$inferSelect | null;
}): Promise<boolean> {
  const { db, proposal, published } = options;
  if (!proposal.candidateVersionId) return true;
  if (!published || published.id === proposal.candidateVersionId) return true;
  const candidate = await getAgentVersionRowOrThrow({
    db,
    agentId: proposal.agentId,
    versionId: proposal.candidateVersionId,
  });
  return isDeepStrictEqual(
    { ...toAgentBehaviour(candidate), instructions: proposal.currentInstructions },
    toAgentBehaviour(published),
  );
}
