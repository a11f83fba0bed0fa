import { mergeLines } from '@agentry/core/line-diff';
import {
  PROPOSAL_CONFLICT_MESSAGE,
  TRIED_PROPOSAL_OUTDATED_MESSAGE,
  type OptimizeProposal,
} from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { getBaseInstructions } from './get-base-instructions';
import { isTriedOnPublished } from './is-tried-on-published';
import type { optimizeProposal } from './optimize.tables';
import { toProposal } from './to-proposal';

/**
 * A proposal as the screen shows it. One not tried yet is shown against the instructions visitors
 * get now, merged onto them as Try it will save it (try-proposal.ts), or outdated when what was
 * published since changed the lines it edits; a tried one is outdated once another change was
 * published over the version it was tried on.
 */
export async function reviewProposal(options: {
  db: Database;
  proposal: typeof optimizeProposal.$inferSelect;
}): Promise<OptimizeProposal> {
  const { db, proposal } = options;
  if (proposal.status === 'proposed') {
    const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
    const published = await getBaseInstructions({ db, agent: agentRow });
    const merged = mergeLines(proposal.currentInstructions, published, proposal.proposedInstructions);
    if (merged.isConflict) return toProposal(proposal, PROPOSAL_CONFLICT_MESSAGE);
    return toProposal({ ...proposal, currentInstructions: published, proposedInstructions: merged.text });
  }
  if (proposal.status === 'tried' && !(await isTriedOnPublished({ db, proposal })))
    return toProposal(proposal, TRIED_PROPOSAL_OUTDATED_MESSAGE);
  return toProposal(proposal);
}
