import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { getPublishedVersion } from './get-published-version';

/** "Version N published" for the version visitors get, or null for an agent without versions. */
export async function getVersionLabel(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<string | null> {
  const published = await getPublishedVersion(options);
  return published ? `Version ${published.number} published` : null;
}
