import { isOpenRouterStyleBuild } from '@agentry/core/agents';
import { DemoSettings, getDemoSharePath, type Demo, type DemoBuild } from '@agentry/core/demos';
import type { agent } from '../agents/agents.tables';
import type { demo } from './demos.tables';

export type DemoRow = typeof demo.$inferSelect;
export type DemoAgentRow = typeof agent.$inferSelect;

/** The API's Demo.build of an agent row (null when the agent is gone). */
export function toDemoBuild(agentRow: DemoAgentRow | null): DemoBuild | null {
  if (!agentRow) return null;
  return {
    buildId: agentRow.id,
    assistantId: agentRow.id,
    aiName: agentRow.aiName,
    provider: agentRow.provider,
    model: agentRow.model,
    openrouterModel: isOpenRouterStyleBuild({
      provider: agentRow.provider,
      model: agentRow.model,
      enabledTools: agentRow.tools.filter((tool) => tool.enabled),
    }),
    apiKeyId: agentRow.providerKeyId,
  };
}

/** A demo row (and its agent, when it still exists) as creators see it. */
export function toDemo(row: DemoRow, agentRow: DemoAgentRow | null): Demo {
  return {
    demoId: row.id,
    subaccountId: row.subaccountId,
    name: row.name,
    type: row.type,
    logoUrl: row.logoUrl,
    avatarUrl: row.avatarUrl,
    logoWidth: row.logoWidth,
    buildId: row.buildId,
    build: toDemoBuild(row.buildId ? agentRow : null),
    isMisconfigured: row.buildId === null || agentRow === null,
    requestCount: row.requestCount,
    requestLimit: row.requestLimit,
    // Stored settings are re-read through the schema so a default added later reaches old demos.
    settings: DemoSettings.parse(row.settings),
    sharePath: getDemoSharePath(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
