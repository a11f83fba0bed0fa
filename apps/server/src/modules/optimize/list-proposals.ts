import { and, asc, eq } from 'drizzle-orm';
import type { OptimizeProposal, UnwrittenProposal } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { optimizeProposal } from './optimize.tables';
import { refreshTrial } from './refresh-trial';
import { reviewProposals } from './review-proposal';

/** Said of a cause whose proposal no call has tried to write yet (its round is still going, or ended early). */
const NOT_WRITTEN_YET_MESSAGE = 'The proposal for this cause is not written yet. Ask again to write it.';

export type ListedProposals = { proposals: OptimizeProposal[]; unwritten: UnwrittenProposal[] };

/**
 * The proposals made for a run, oldest first (the order the groups were found in), trials brought
 * up to date, each shown against what visitors get now (review-proposal.ts); and apart, the causes found whose proposal is still to be written, with why.
 */
export async function listProposals(options: {
  db: Database;
  subaccountId: string;
  runId: string;
}): Promise<ListedProposals> {
  const rows = await options.db
    .select()
    .from(optimizeProposal)
    .where(and(eq(optimizeProposal.subaccountId, options.subaccountId), eq(optimizeProposal.runId, options.runId)))
    .orderBy(asc(optimizeProposal.createdAt), asc(optimizeProposal.id));
  const written = rows.filter((row) => row.status !== 'unwritten');
  const fresh = await Promise.all(written.map((proposal) => refreshTrial({ db: options.db, proposal })));
  return {
    proposals: await reviewProposals({ db: options.db, proposals: fresh }),
    unwritten: rows
      .filter((row) => row.status === 'unwritten')
      .map((row) => ({ cause: row.cause, failures: row.failures, error: row.rationale || NOT_WRITTEN_YET_MESSAGE })),
  };
}
