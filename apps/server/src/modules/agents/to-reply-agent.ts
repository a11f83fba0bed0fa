import type { ReplyAgent } from '../llm/generate-reply';
import type { agent } from './agents.tables';

/** What the LLM gateway needs of an agent row. */
export function toReplyAgent(row: typeof agent.$inferSelect): ReplyAgent {
  return {
    agentId: row.id,
    subaccountId: row.subaccountId,
    instructions: row.instructions,
    firstMessage: row.firstMessage,
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
  };
}
