import type { Demo, DemoSettings, DemoType, PublicDemo } from '@agentry/core/demos';

/** Everything a demo look needs, from the creator's demo (with live settings) or the public shape. */
export type DemoViewData = {
  demoId: string;
  name: string;
  type: DemoType;
  settings: DemoSettings;
  requestCount: number;
  requestLimit: number;
  /** Set for OpenRouter-style agents: the sms demo then answers through /api/openrouter/chat (docs/product/demos.md#routes). */
  openRouter: { agentId: string; model: string } | null;
};

/**
 * Where the demo is shown (docs/product/demos.md#looks-demo-types: the preview page, the shared view and the embedded view are
 * distinct modes): `editor` is the live preview beside the form, `page` the creator's full-page preview.
 */
export type DemoViewMode = 'editor' | 'page' | 'shared' | 'embedded';

export function toDemoViewData(
  demo: Demo,
  settings: DemoSettings = demo.settings,
  overrides: Partial<Pick<DemoViewData, 'name' | 'type'>> = {},
): DemoViewData {
  return {
    demoId: demo.demoId,
    name: overrides.name ?? demo.name,
    type: overrides.type ?? demo.type,
    settings,
    requestCount: demo.requestCount,
    requestLimit: demo.requestLimit,
    openRouter: demo.build?.openrouterModel ? { agentId: demo.build.buildId, model: demo.build.model } : null,
  };
}

export function publicToDemoViewData(demo: PublicDemo): DemoViewData {
  return {
    demoId: demo.demoId,
    name: demo.name,
    type: demo.type,
    settings: demo.settings,
    requestCount: demo.requestCount,
    requestLimit: demo.requestLimit,
    openRouter: demo.agent?.openrouterModel ? { agentId: demo.agent.buildId, model: demo.agent.model } : null,
  };
}
