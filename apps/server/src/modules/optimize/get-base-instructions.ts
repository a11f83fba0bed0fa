import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';

/** The instructions a proposal changes: those of the version visitors get now. */
export async function getBaseInstructions(options: {
  db: Database;
  agent: typeof agent.$inferSelect;
}): Promise<string> {
  return Promise.resolve(options.agent.instructions);
}
