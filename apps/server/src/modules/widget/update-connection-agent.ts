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
 * not written their own (prefillWidgetFromAgent); they can still edit them.
 */
export async function updateConnectionAgent(options: {
  db: Database;
  connection: { id: string; subaccountId: string };
  agentId: string;
  now?: Date;
}): Promise<WidgetConnection> {
  const { db, connection } = options;
  const chosen = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: connection.subaccountId });
  const [current] = await db
    .select({ settings: widgetConnection.settings, buildId: widgetConnection.buildId })
    .from(widgetConnection)
    .where(eq(widgetConnection.id, connection.id))
    .limit(1);
  if (!current) throw new Error('widget connection vanished');
  const previous = current.buildId && current.buildId !== chosen.id ? await greetingOf(db, current.buildId) : null;
  const settings = prefillWidgetFromAgent(readWidgetSettings(current.settings), chosen, previous);
  const [row] = await db
    .update(widgetConnection)
    .set({ buildId: options.agentId, settings, updatedAt: options.now ?? new Date() })
    .where(eq(widgetConnection.id, connection.id))
    .returning();
  if (!row) throw new Error('widget connection update returned nothing');
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
