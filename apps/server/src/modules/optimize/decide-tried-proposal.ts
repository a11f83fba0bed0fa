import { and, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { optimizeProposal, type StoredProposalStatus } from './optimize.tables';

/**
 * An accept still 'accepting' after this long died with its server (the regression gate waits at
 * most 10 minutes for its run): the proposal can be decided again.
 */
export const ACCEPTING_EXPIRES_MS = 15 * 60_000;

/**
 * Decides a tried proposal with one conditional update, so of an accept and a reject at once only
 * the first decides and the other gets a 409 before it changes anything: 'accepting' (the accept
 * then publishes) or 'rejected'. Answers the row as written; its updatedAt identifies the claim.
 */
export async function decideTriedProposal(options: {
  db: Database;
  proposalId: string;
  status: Extract<StoredProposalStatus, 'accepting' | 'rejected'>;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposalId } = options;
  const now = new Date();
  const [decided] = await db
    .update(optimizeProposal)
    .set({ status: options.status, updatedAt: now })
    .where(
      and(
        eq(optimizeProposal.id, proposalId),
        or(
          eq(optimizeProposal.status, 'tried'),
          and(
            eq(optimizeProposal.status, 'accepting'),
            lt(optimizeProposal.updatedAt, new Date(now.getTime() - ACCEPTING_EXPIRES_MS)),
          ),
        ),
      ),
    )
    .returning();
  if (decided) return decided;
  const [current] = await db
    .select({ status: optimizeProposal.status })
    .from(optimizeProposal)
    .where(eq(optimizeProposal.id, proposalId))
    .limit(1);
  if (current?.status === 'accepting') throw new AppError('CONFLICT', { message: 'This change is being published' });
  throw new AppError('CONFLICT', { message: 'This proposal has already been decided' });
}
