import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { agentVersion, type agent } from '../agents/agents.tables';

/** The version visitors get (null for an agent without one, which answers with its working copy). */
export async function getPublishedVersion(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<typeof agentVersion.$inferSelect | null> {
  const { publishedVersionId } = options.agent;
  if (!publishedVersionId) return null;
  const [row] = await options.db
    .select()
    .from(agentVersion)
    .where(and(eq(agentVersion.id, publishedVersionId), eq(agentVersion.agentId, options.agent.id)))
    .limit(1);
  return row ?? null;
}
