import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';

/** "Version N (published)" of the version visitors get, or null before versions exist. */
export async function getVersionLabel(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<string | null> {
  return Promise.resolve(options.agent ? null : null);
}
