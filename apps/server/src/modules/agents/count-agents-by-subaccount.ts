import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { agent } from './agents.tables';

/** How many agents each sub account has; sub accounts without any are absent from the map. */
export async function countAgentsBySubaccount(options: {
  db: Database;
  subaccountIds: readonly string[];
}): Promise<Map<string, number>> {
  if (options.subaccountIds.length === 0) return new Map();
  const rows = await options.db
    .select({ subaccountId: agent.subaccountId, total: count() })
    .from(agent)
    .where(inArray(agent.subaccountId, [...options.subaccountIds]))
    .groupBy(agent.subaccountId);
  return new Map(rows.map((row) => [row.subaccountId, row.total]));
}
