import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from './agents.tables';

/** Deletes an agent of the sub account; its threads stay for the usage history. */
export async function deleteAgent(options: { db: Database; subaccountId: string; agentId: string }): Promise<void> {
  const deleted = await options.db
    .delete(agent)
    .where(and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId)))
    .returning({ id: agent.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
}
