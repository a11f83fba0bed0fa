import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agentVersion } from './agents.tables';

/** A version of the agent; one of another agent is answered like a missing one (404). */
export async function getAgentVersionRowOrThrow(options: {
  db: Database;
  agentId: string;
  versionId: string;
}): Promise<typeof agentVersion.$inferSelect> {
  const [row] = await options.db
    .select()
    .from(agentVersion)
    .where(and(eq(agentVersion.id, options.versionId), eq(agentVersion.agentId, options.agentId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Version not found' });
  return row;
}
