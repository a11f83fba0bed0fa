import { and, eq } from 'drizzle-orm';
import type { WidgetSettings } from '@agentry/core/widget';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { AGENTS_SCOPE } from '../agents/agents-cache-scope';
import { agent } from '../agents/agents.tables';
import type { ReplyAgent } from '../llm/generate-reply';
import { widgetConnection, widgetConversation, widgetVisitor } from './widget.tables';

export type DeployedChatWidget = {
  connectionId: string;
  subaccountId: string;
  /** As deployed; read raw (the chat needs only dailyLimit and allowedDomains). */
  deployedSettings: Partial<WidgetSettings> | null;
  /** The deployed agent, null when none is chosen (or it was deleted). */
  agent: ReplyAgent | null;
};

export type ChatWidget = DeployedChatWidget & {
  /** The conversation asked for, when it is this widget's. */
  conversation: { id: string; threadId: string; agentId: string; visitorId: string; contactIdentifier: string } | null;
};

/** The widget by its public id and its deployed agent (only one of the widget's own sub account); 404 when unknown (never remembered). */
async function loadDeployedWidgetOrThrow(db: Database, widgetId: string): Promise<DeployedChatWidget> {
  const [row] = await db
    .select({
      connectionId: widgetConnection.id,
      subaccountId: widgetConnection.subaccountId,
      deployedSettings: widgetConnection.deployedSettings,
      agent: {
        agentId: agent.id,
        subaccountId: agent.subaccountId,
        instructions: agent.instructions,
        firstMessage: agent.firstMessage,
        provider: agent.provider,
        model: agent.model,
        providerKeyId: agent.providerKeyId,
        temperature: agent.temperature,
        maxTokens: agent.maxTokens,
        topP: agent.topP,
        frequencyPenalty: agent.frequencyPenalty,
        presencePenalty: agent.presencePenalty,
        stopSequences: agent.stopSequences,
        tools: agent.tools,
      },
    })
    .from(widgetConnection)
    .leftJoin(
      agent,
      and(eq(agent.id, widgetConnection.deployedBuildId), eq(agent.subaccountId, widgetConnection.subaccountId)),
    )
    .where(eq(widgetConnection.widgetId, widgetId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Widget not found' });
  return row;
}

/** The conversation asked for, only one of this widget (found by the widget's public id). */
async function loadConversation(db: Database, widgetId: string, conversationId: string) {
  const [row] = await db
    .select({
      id: widgetConversation.id,
      threadId: widgetConversation.threadId,
      agentId: widgetConversation.agentId,
      visitorId: widgetConversation.visitorId,
      contactIdentifier: widgetVisitor.contactIdentifier,
    })
    .from(widgetConversation)
    .innerJoin(widgetConnection, eq(widgetConnection.id, widgetConversation.connectionId))
    .innerJoin(widgetVisitor, eq(widgetVisitor.id, widgetConversation.visitorId))
    .where(and(eq(widgetConversation.id, conversationId), eq(widgetConnection.widgetId, widgetId)))
    .limit(1);
  return row ?? null;
}

/**
 * Everything the chat hot path reads before the model: the widget by its public id with its
 * deployed agent (remembered in `cache` until a widget or agent changes, AGENTS_SCOPE) and,
 * when continuing, the conversation, read alongside. An unknown widget: 404.
 */
export async function loadChatWidgetOrThrow(options: {
  db: Database;
  cache: Cache;
  widgetId: string;
  conversationId?: string | null;
}): Promise<ChatWidget> {
  const { db, widgetId, conversationId } = options;
  const [widget, conversation] = await Promise.all([
    options.cache.remember(AGENTS_SCOPE, `widget:${widgetId}`, () => loadDeployedWidgetOrThrow(db, widgetId)),
    conversationId ? loadConversation(db, widgetId, conversationId) : null,
  ]);
  return { ...widget, conversation };
}
