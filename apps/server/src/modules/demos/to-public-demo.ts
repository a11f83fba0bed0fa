import type { PublicDemo } from '@agentry/core/demos';
import { toDemo, type DemoAgentRow, type DemoRow } from './to-demo';

/** What anonymous visitors of a shared demo get: no sub account, no key ids, no instructions. */
export function toPublicDemo(row: DemoRow, agentRow: DemoAgentRow | null): PublicDemo {
  const full = toDemo(row, agentRow);
  const build = full.build;
  return {
    demoId: full.demoId,
    name: full.name,
    type: full.type,
    logoUrl: full.logoUrl,
    avatarUrl: full.avatarUrl,
    logoWidth: full.logoWidth,
    settings: full.settings,
    requestCount: full.requestCount,
    requestLimit: full.requestLimit,
    isConfigured: !full.isMisconfigured,
    agent:
      build && agentRow
        ? {
            buildId: build.buildId,
            aiName: agentRow.aiName,
            firstMessage: agentRow.firstMessage,
            suggestedResponses: agentRow.suggestedResponses,
            provider: build.provider,
            model: build.model,
            openrouterModel: build.openrouterModel,
          }
        : null,
  };
}
