import { eq } from 'drizzle-orm';
import type { WidgetConnection } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/**
 * Chooses the agent that answers (the draft's agent; a deploy hands it to visitors). Only an
 * agent of the connection's own sub account: any other answers 404 like a missing one.
 */
export async function updateConnectionAgent(options: {
  db: Database;
  connection: { id: string; subaccountId: string };
  agentId: string;
  now?: Date;
}): Promise<WidgetConnection> {
  const { db, connection } = options;
  await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: connection.subaccountId });
  const [row] = await db
    .update(widgetConnection)
    .set({ buildId: options.agentId, updatedAt: options.now ?? new Date() })
    .where(eq(widgetConnection.id, connection.id))
    .returning();
  if (!row) throw new Error('widget connection update returned nothing');
  return toWidgetConnection(row);
}
