import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from './agents.tables';

/**
 * An agent row; with `subaccountId`, one of another sub account is answered like a missing one (404).
 * With `forUpdate` (inside a transaction) the row stays locked until it ends: writers of one agent take turns.
 */
export async function getAgentRowOrThrow(options: {
  db: Database;
  agentId: string;
  subaccountId?: string;
  forUpdate?: boolean;
}): Promise<typeof agent.$inferSelect> {
  const query = options.db
    .select()
    .from(agent)
    .where(
      options.subaccountId
        ? and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId))
        : eq(agent.id, options.agentId),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
  return row;
}
