import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { getPublishedVersion } from './get-published-version';

/** The instructions a proposal changes: those of the version visitors get now. */
export async function getBaseInstructions(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<string> {
  const published = await getPublishedVersion(options);
  return published?.instructions ?? options.agent.instructions;
}
