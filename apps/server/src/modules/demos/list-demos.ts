import { desc, eq } from 'drizzle-orm';
import type { Demo } from '@agentry/core/demos';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { demo } from './demos.tables';
import { toDemo } from './to-demo';

/** A sub account's demos, newest first. */
export async function listDemos(options: { db: Database; subaccountId: string }): Promise<Demo[]> {
  const rows = await options.db
    .select({ row: demo, agentRow: agent })
    .from(demo)
    .leftJoin(agent, eq(agent.id, demo.buildId))
    .where(eq(demo.subaccountId, options.subaccountId))
    .orderBy(desc(demo.createdAt), desc(demo.id));
  return rows.map(({ row, agentRow }) => toDemo(row, agentRow));
}
