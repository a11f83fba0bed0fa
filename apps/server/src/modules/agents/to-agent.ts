import type { Agent } from '@agentry/core/agents';
import type { agent } from './agents.tables';
import { maskToolCredentials } from './mask-tool-credentials';
import { toAgentBehaviour } from './to-agent-version';

/**
 * A row as the API answers it, in the API's Build shape. Tool header values are masked unless the
 * caller may see credentials (mask-tool-credentials.ts).
 */
export function toAgent(row: typeof agent.$inferSelect, access: { canSeeCredentials: boolean }): Agent {
  return {
    buildId: row.id,
    assistantId: row.id,
    subaccountId: row.subaccountId,
    status: row.status,
    aiName: row.aiName,
    type: row.type,
    ...toAgentBehaviour(row),
    tools: maskToolCredentials(row.tools, access.canSeeCredentials),
    discoveredTools: row.tools.map((tool) => tool.slug),
    enabledTools: row.tools.filter((tool) => tool.enabled).map((tool) => tool.slug),
    category: row.category,
    publishedVersionId: row.publishedVersionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
