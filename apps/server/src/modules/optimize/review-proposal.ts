import { mergeLines } from '@agentry/core/line-diff';
import {
  PROPOSAL_CONFLICT_MESSAGE,
  TRIED_PROPOSAL_OUTDATED_MESSAGE,
  type OptimizeProposal,
} from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { getPublishedVersion } from './get-published-version';
import { isTriedOnPublished } from './is-tried-on-published';
import type { optimizeProposal } from './optimize.tables';
import { toProposal } from './to-proposal';

type ProposalRow = typeof optimizeProposal.$inferSelect;

/**
 * Proposals as the screen shows them. One not tried yet is shown against the instructions visitors
 * get now, merged onto them as Try it will save it (try-proposal.ts), or outdated when what was
 * published since changed the lines it edits; a tried one is outdated once another change was
 * published over the version it was tried on. What visitors get is read once per agent.
 */
export async function reviewProposals(options: {
  db: Database;
  proposals: ProposalRow[];
}): Promise<OptimizeProposal[]> {
  const { db } = options;
  const publishedOf = new Map<string, ReturnType<typeof readPublished>>();
  const readPublished = async (proposal: ProposalRow) => {
    const agentRow = await getAgentRowOrThrow({ db, agentId: proposal.agentId, subaccountId: proposal.subaccountId });
    const published = await getPublishedVersion({ db, agent: agentRow });
    return { published, instructions: published?.instructions ?? agentRow.instructions };
  };
  return Promise.all(
    options.proposals.map(async (proposal) => {
      if (proposal.status !== 'proposed' && proposal.status !== 'tried') return toProposal(proposal);
      let read = publishedOf.get(proposal.agentId);
      if (!read) {
        read = readPublished(proposal);
        publishedOf.set(proposal.agentId, read);
      }
      const { published, instructions } = await read;
      if (proposal.status === 'proposed') {
        const merged = mergeLines(proposal.currentInstructions, instructions, proposal.proposedInstructions);
        if (merged.isConflict) return toProposal(proposal, PROPOSAL_CONFLICT_MESSAGE);
        return toProposal({ ...proposal, currentInstructions: instructions, proposedInstructions: merged.text });
      }
      if (!(await isTriedOnPublished({ db, proposal, published })))
        return toProposal(proposal, TRIED_PROPOSAL_OUTDATED_MESSAGE);
      return toProposal(proposal);
    }),
  );
}

/** One proposal as the screen shows it (reviewProposals). */
export async function reviewProposal(options: { db: Database; proposal: ProposalRow }): Promise<OptimizeProposal> {
  const [reviewed] = await reviewProposals({ db: options.db, proposals: [options.proposal] });
  if (!reviewed) throw new Error('a reviewed proposal went missing');
  return reviewed;
}
