import { and, eq } from 'drizzle-orm';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { publishAgentVersion } from '../agents/publish-agent-version';
import { optimizeProposal } from './optimize.tables';

/** Accept: publishes the candidate version the trial tested, so visitors get it. */
export async function acceptProposal(options: {
  db: Database;
  cache: Cache;
  proposal: typeof optimizeProposal.$inferSelect;
  userId: string;
  overrideNote?: string;
}): Promise<typeof optimizeProposal.$inferSelect> {
  const { db, proposal } = options;
  if (proposal.status !== 'tried' || !proposal.candidateVersionId)
    throw new AppError('CONFLICT', { message: 'Try the change before you publish it' });
  await publishAgentVersion({
    db,
    cache: options.cache,
    subaccountId: proposal.subaccountId,
    agentId: proposal.agentId,
    versionId: proposal.candidateVersionId,
    userId: options.userId,
    gateOverrideNote: options.overrideNote ?? null,
  });
  const [updated] = await db
    .update(optimizeProposal)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(and(eq(optimizeProposal.id, proposal.id), eq(optimizeProposal.status, 'tried')))
    .returning();
  if (!updated) throw new AppError('CONFLICT', { message: 'This proposal has already been decided' });
  return updated;
}
