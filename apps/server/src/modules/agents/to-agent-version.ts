import type { AgentBehaviour, AgentVersion } from '@agentry/core/agent-versions';
import type { agentVersion } from './agents.tables';
import { maskToolCredentials } from './mask-tool-credentials';

type VersionRow = typeof agentVersion.$inferSelect;

/** The behaviour fields of an agent or version row, as stored (credentials included): for copying, not for answering. */
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

/** A version row as the API answers it; tool header values masked unless the caller may see credentials. */
export function toAgentVersion(
  row: VersionRow,
  access: { canSeeCredentials: boolean; authorName?: string | null },
): AgentVersion {
  return {
    id: row.id,
    agentId: row.agentId,
    number: row.number,
    status: row.status,
    source: row.source,
    note: row.note,
    authorUserId: row.authorUserId,
    authorName: access.authorName ?? null,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedByUserId: row.publishedByUserId,
    gateOverrideNote: row.gateOverrideNote,
    behaviour: { ...toAgentBehaviour(row), tools: maskToolCredentials(row.tools, access.canSeeCredentials) },
  };
}
