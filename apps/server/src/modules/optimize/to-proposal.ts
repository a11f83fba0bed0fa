import type { OptimizeProposal } from '@agentry/core/optimize';
import type { optimizeProposal } from './optimize.tables';

/** A proposal row as the API answers it; `outdatedReason` comes from review-proposal.ts. */
export function toProposal(
  row: typeof optimizeProposal.$inferSelect,
  outdatedReason: string | null = null,
): OptimizeProposal {
  // Listing and fetching leave these out; reaching here is a bug, not a proposal to show.
  if (row.status === 'unwritten') throw new Error(`Cause ${row.id} has no proposal written yet`);
  return {
    id: row.id,
    agentId: row.agentId,
    runId: row.runId,
    cause: row.cause,
    rationale: row.rationale,
    currentInstructions: row.currentInstructions,
    proposedInstructions: row.proposedInstructions,
    failures: row.failures,
    // An accept in progress is still 'tried' to the client, until it published or gave the proposal back.
    status: row.status === 'accepting' ? 'tried' : row.status,
    isOffline: row.isOffline,
    candidateVersionId: row.candidateVersionId,
    trial: row.trial,
    costUsd: row.costUsd,
    outdatedReason,
    createdAt: row.createdAt.toISOString(),
  };
}
