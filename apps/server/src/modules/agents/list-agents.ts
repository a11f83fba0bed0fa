import { and, desc, eq, ilike } from 'drizzle-orm';
import type { Agent } from '@agentry/core/agents';
import type { Database } from '../../platform/db/database';
import { agent } from './agents.tables';
import { toAgent } from './to-agent';

/** A sub account's agents, newest first; `search` matches the name, ignoring case. */
export async function listAgents(options: {
  db: Database;
  subaccountId: string;
  search?: string;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials: boolean;
}): Promise<Agent[]> {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const rows = await options.db
    .select()
    .from(agent)
    .where(
      pattern
        ? and(eq(agent.subaccountId, options.subaccountId), ilike(agent.aiName, pattern))
        : eq(agent.subaccountId, options.subaccountId),
    )
    .orderBy(desc(agent.createdAt));
  return rows.map((row) => toAgent(row, { canSeeCredentials: options.canSeeCredentials }));
}
