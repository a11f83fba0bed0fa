import type { AgentBehaviour, AgentVersion } from '@agentry/core/agent-versions';
import type { agentVersion } from './agents.tables';

type VersionRow = typeof agentVersion.$inferSelect;

/** The behaviour fields of an agent or version row. */
export function toAgentBehaviour(row: AgentBehaviour): AgentBehaviour {
  return {
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
  };
}

/** A version row as the API answers it. */
export function toAgentVersion(row: VersionRow, authorName: string | null = null): AgentVersion {
  return {
    id: row.id,
    agentId: row.agentId,
    number: row.number,
    status: row.status,
    source: row.source,
    note: row.note,
    authorUserId: row.authorUserId,
    authorName,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedByUserId: row.publishedByUserId,
    gateOverrideNote: row.gateOverrideNote,
    behaviour: toAgentBehaviour(row),
  };
}
