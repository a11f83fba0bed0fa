import { eq } from 'drizzle-orm';
import { prefillWidgetFromAgent, type AgentGreeting } from '@agentry/core/agent-prefill';
import type { WidgetConnection } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { readWidgetSettings } from './read-widget-settings';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/**
 * Chooses the agent that answers (the draft's agent; a deploy hands it to visitors). Only an
 * agent of the connection's own sub account: any other answers 404 like a missing one. The
 * draft takes the agent's name, first message and suggested replies wherever the creator had
 * not written their own (prefillWidgetFromAgent); they can still edit them. The draft is read and
 * written under the connection row's lock: a Save landing in between waits, and is not overwritten
 * by the draft as it was before it.
 */
export async function updateConnectionAgent(options: {
  db: Database;
  connection: { id: string; subaccountId: string };
  agentId: string;
  now?: Date;
}): Promise<WidgetConnection> {
  const { db, connection } = options;
  const chosen = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: connection.subaccountId });
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ settings: widgetConnection.settings, buildId: widgetConnection.buildId })
      .from(widgetConnection)
      .where(eq(widgetConnection.id, connection.id))
      .for('update');
    if (!current) throw new Error('widget connection vanished');
    const previous = current.buildId && current.buildId !== chosen.id ? await greetingOf(tx, current.buildId) : null;
    const settings = prefillWidgetFromAgent(readWidgetSettings(current.settings), chosen, previous);
    const [updated] = await tx
      .update(widgetConnection)
      .set({ buildId: options.agentId, settings, updatedAt: options.now ?? new Date() })
      .where(eq(widgetConnection.id, connection.id))
      .returning();
    if (!updated) throw new Error('widget connection update returned nothing');
    return updated;
  });
  return toWidgetConnection(row);
}

async function greetingOf(db: Database, agentId: string): Promise<AgentGreeting | null> {
  const [row] = await db
    .select({ aiName: agent.aiName, firstMessage: agent.firstMessage, suggestedResponses: agent.suggestedResponses })
    .from(agent)
    .where(eq(agent.id, agentId))
    .limit(1);
  return row ?? null;
}
