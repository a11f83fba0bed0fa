import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { agentVersion } from './agents.tables';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';

/**
 * The version an evaluation run tests: the one asked for (404 when it is not the agent's), else the
 * newest one, which is the working copy. null for an agent without versions.
 */
export async function getTestedAgentVersion(options: {
  db: Database;
  agentId: string;
  versionId?: string | null;
}): Promise<typeof agentVersion.$inferSelect | null> {
  const { db, agentId, versionId } = options;
  if (versionId) return getAgentVersionRowOrThrow({ db, agentId, versionId });
  const [newest] = await db
    .select()
    .from(agentVersion)
    .where(eq(agentVersion.agentId, agentId))
    .orderBy(desc(agentVersion.number))
    .limit(1);
  return newest ?? null;
}
