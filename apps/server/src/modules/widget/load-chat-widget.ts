import { and, eq } from 'drizzle-orm';
import type { WidgetSettings } from '@agentry/core/widget';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { AGENTS_SCOPE } from '../agents/agents-cache-scope';
import { agent, agentVersion } from '../agents/agents.tables';
import { toVersionReplyAgent } from '../agents/load-published-reply-agent';
import { toReplyAgent } from '../agents/to-reply-agent';
import type { ReplyAgent } from '../llm/generate-reply';
import { widgetConnection } from './widget.tables';

export type DeployedChatWidget = {
  connectionId: string;
  subaccountId: string;
  /** As deployed; read raw (the chat needs only dailyLimit and allowedDomains). */
  deployedSettings: Partial<WidgetSettings> | null;
  /** The deployed agent, null when none is chosen (or it was deleted). */
  agent: ReplyAgent | null;
};

/** The widget by its public id and its deployed agent (only one of the widget's own sub account); 404 when unknown (never remembered). */
async function loadDeployedWidgetOrThrow(db: Database, widgetId: string): Promise<DeployedChatWidget> {
  const [row] = await db
    .select({
      connectionId: widgetConnection.id,
      subaccountId: widgetConnection.subaccountId,
      deployedSettings: widgetConnection.deployedSettings,
      // Visitors get the agent's published version (docs/product/agents.md#versions), not its working copy.
      version: agentVersion,
      workingCopy: agent,
    })
    .from(widgetConnection)
    .leftJoin(
      agent,
      and(eq(agent.id, widgetConnection.deployedBuildId), eq(agent.subaccountId, widgetConnection.subaccountId)),
    )
    .leftJoin(agentVersion, eq(agentVersion.id, agent.publishedVersionId))
    .where(eq(widgetConnection.widgetId, widgetId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Widget not found' });
  const { workingCopy, version } = row;
  return {
    connectionId: row.connectionId,
    subaccountId: row.subaccountId,
    deployedSettings: row.deployedSettings,
    agent: workingCopy ? (version ? toVersionReplyAgent(workingCopy, version) : toReplyAgent(workingCopy)) : null,
  };
}

/**
 * What the chat hot path needs of the widget before the model: the widget by its public id with
 * its deployed agent, remembered in `cache` until a widget or agent changes (AGENTS_SCOPE), so a
 * message reads no database for it. An unknown widget: 404.
 */
export async function loadChatWidgetOrThrow(options: {
  db: Database;
  cache: Cache;
  widgetId: string;
}): Promise<DeployedChatWidget> {
  const { db, widgetId } = options;
  return options.cache.remember(AGENTS_SCOPE, `widget:${widgetId}`, () => loadDeployedWidgetOrThrow(db, widgetId));
}
