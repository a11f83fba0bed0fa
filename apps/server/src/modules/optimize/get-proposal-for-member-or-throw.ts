import { and, eq, ne } from 'drizzle-orm';
import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { optimizeProposal } from './optimize.tables';

/**
 * A proposal addressed by id: the caller must be allowed `action` in its sub account; another
 * tenant's looks missing, and so does a cause whose proposal is not written yet.
 */
export async function getProposalForMemberOrThrow(options: {
  db: Database;
  proposalId: string;
  userId: string;
  action: Action;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const [row] = await options.db
    .select()
    .from(optimizeProposal)
    .where(and(eq(optimizeProposal.id, options.proposalId), ne(optimizeProposal.status, 'unwritten')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Proposal not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Proposal not found',
  });
  return row;
}
