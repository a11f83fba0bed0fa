import type { Agent } from '@agentry/core/agents';
import type { agent } from './agents.tables';

/** A row as the API answers it, in the API's Build shape. */
export function toAgent(row: typeof agent.$inferSelect): Agent {
  return {
    buildId: row.id,
    assistantId: row.id,
    subaccountId: row.subaccountId,
    status: row.status,
    aiName: row.aiName,
    type: row.type,
    instructions: row.instructions,
    firstMessage: row.firstMessage,
    suggestedResponses: row.suggestedResponses,
    provider: row.provider,
    model: row.model,
    providerKeyId: row.providerKeyId,
    temperature: row.temperature,
    maxTokens: row.maxTokens,
    topP: row.topP,
    frequencyPenalty: row.frequencyPenalty,
    presencePenalty: row.presencePenalty,
    stopSequences: row.stopSequences,
    tools: row.tools,
    discoveredTools: row.tools.map((tool) => tool.slug),
    enabledTools: row.tools.filter((tool) => tool.enabled).map((tool) => tool.slug),
    category: row.category,
    publishedVersionId: row.publishedVersionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
