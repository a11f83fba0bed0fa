import { and, eq } from 'drizzle-orm';
import type { WidgetSettings } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from '../agents/agents.tables';
import type { ReplyAgent } from '../llm/generate-reply';
import { widgetConnection, widgetConversation, widgetVisitor } from './widget.tables';

export type ChatWidget = {
  connectionId: string;
  subaccountId: string;
  /** As deployed; read raw (the chat needs only dailyLimit and allowedDomains). */
  deployedSettings: Partial<WidgetSettings> | null;
  /** The deployed agent, null when none is chosen (or it was deleted). */
  agent: ReplyAgent | null;
  /** The conversation asked for, when it is this widget's. */
  conversation: { id: string; threadId: string; agentId: string; visitorId: string; contactIdentifier: string } | null;
};

/**
 * Everything the chat hot path reads, in one query: the widget by its public id, its deployed
 * agent (only one of the widget's own sub account) and, when continuing, the conversation —
 * only one of this widget. An unknown widget: 404.
 */
export async function loadChatWidgetOrThrow(options: {
  db: Database;
  widgetId: string;
  conversationId?: string | null;
}): Promise<ChatWidget> {
  const [row] = await options.db
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
      conversationId: widgetConversation.id,
      conversationThreadId: widgetConversation.threadId,
      conversationAgentId: widgetConversation.agentId,
      visitorId: widgetConversation.visitorId,
      contactIdentifier: widgetVisitor.contactIdentifier,
    })
    .from(widgetConnection)
    .leftJoin(
      agent,
      and(eq(agent.id, widgetConnection.deployedBuildId), eq(agent.subaccountId, widgetConnection.subaccountId)),
    )
    .leftJoin(
      widgetConversation,
      and(
        eq(widgetConversation.id, options.conversationId ?? ''),
        eq(widgetConversation.connectionId, widgetConnection.id),
      ),
    )
    .leftJoin(widgetVisitor, eq(widgetVisitor.id, widgetConversation.visitorId))
    .where(eq(widgetConnection.widgetId, options.widgetId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Widget not found' });
  const { conversationId, conversationThreadId, conversationAgentId, visitorId, contactIdentifier } = row;
  return {
    connectionId: row.connectionId,
    subaccountId: row.subaccountId,
    deployedSettings: row.deployedSettings,
    agent: row.agent,
    conversation:
      conversationId && conversationThreadId && conversationAgentId && visitorId && contactIdentifier
        ? {
            id: conversationId,
            threadId: conversationThreadId,
            agentId: conversationAgentId,
            visitorId,
            contactIdentifier,
          }
        : null,
  };
}
