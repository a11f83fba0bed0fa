import { count, eq } from 'drizzle-orm';
import { computeUserRank, type UserRankReply } from '@agentry/core/marketplace';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { marketplaceProject, marketplaceReply } from './marketplace.tables';

/**
 * The user's rank from their activity (docs/decisions/006-user-rank.md). Agents count by
 * their creator; evaluations count 0 until the evaluation module stores runs.
 */
export async function getUserRank(options: { db: Database; userId: string }): Promise<UserRankReply> {
  const { db, userId } = options;
  const [[projects], [replies], [agents]] = await Promise.all([
    db.select({ value: count() }).from(marketplaceProject).where(eq(marketplaceProject.authorUserId, userId)),
    db.select({ value: count() }).from(marketplaceReply).where(eq(marketplaceReply.authorUserId, userId)),
    db.select({ value: count() }).from(agent).where(eq(agent.createdByUserId, userId)),
  ]);
  return computeUserRank({
    projectsPosted: projects?.value ?? 0,
    repliesSent: replies?.value ?? 0,
    agentsBuilt: agents?.value ?? 0,
    evaluationsRun: 0,
  });
}
