import { and, asc, eq } from 'drizzle-orm';
import type { OptimizeProposal } from '@agentry/core/optimize';
import type { Database } from '../../platform/db/database';
import { optimizeProposal } from './optimize.tables';
import { refreshTrial } from './refresh-trial';
import { toProposal } from './to-proposal';

/** The proposals made for a run, oldest first (the order the groups were found in), trials brought up to date. */
export async function listProposals(options: {
  db: Database;
  subaccountId: string;
  runId: string;
}): Promise<OptimizeProposal[]> {
  const rows = await options.db
    .select()
    .from(optimizeProposal)
    .where(and(eq(optimizeProposal.subaccountId, options.subaccountId), eq(optimizeProposal.runId, options.runId)))
    .orderBy(asc(optimizeProposal.createdAt), asc(optimizeProposal.id));
  const fresh = await Promise.all(rows.map((proposal) => refreshTrial({ db: options.db, proposal })));
  return fresh.map(toProposal);
}
