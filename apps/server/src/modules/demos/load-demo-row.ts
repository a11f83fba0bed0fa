import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { demo } from './demos.tables';
import type { DemoAgentRow, DemoRow } from './to-demo';

/** A demo and its agent (null when deleted), or null when the demo does not exist. */
export async function loadDemoRow(options: {
  db: Database;
  demoId: string;
}): Promise<{ row: DemoRow; agentRow: DemoAgentRow | null } | null> {
  const [found] = await options.db
    .select({ row: demo, agentRow: agent })
    .from(demo)
    .leftJoin(agent, eq(agent.id, demo.buildId))
    .where(eq(demo.id, options.demoId))
    .limit(1);
  return found ?? null;
}
