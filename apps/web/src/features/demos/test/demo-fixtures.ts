import { defaultDemoSettings, type Demo, type DemoSettings, type PublicDemo } from '@agentry/core/demos';

/** A demo as the creator API answers it, with overrides. */
export function buildDemoFixture(overrides: Partial<Demo> = {}): Demo {
  const demoId = overrides.demoId ?? 'demo-1';
  return {
    demoId,
    subaccountId: 'sa-1',
    name: 'Bright Smile website',
    type: 'standard',
    logoUrl: '',
    avatarUrl: '',
    logoWidth: 100,
    buildId: 'agent-1',
    build: {
      buildId: 'agent-1',
      assistantId: 'agent-1',
      aiName: 'Dental Receptionist',
      provider: 'openai',
      model: 'gpt-4o-mini',
      openrouterModel: false,
      apiKeyId: null,
    },
    isMisconfigured: false,
    requestCount: 3,
    requestLimit: 100,
    settings: defaultDemoSettings,
    sharePath: `/shared/${demoId}`,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The public shape of a demo, with settings overrides. */
export function buildPublicDemoFixture(
  overrides: Partial<PublicDemo> = {},
  settings: Partial<DemoSettings> = {},
): PublicDemo {
  return {
    demoId: 'demo-1',
    name: 'Bright Smile demo',
    type: 'standard',
    logoUrl: '',
    avatarUrl: '',
    logoWidth: 100,
    requestCount: 3,
    requestLimit: 100,
    isConfigured: true,
    agent: {
      buildId: 'agent-1',
      aiName: 'Dental Receptionist',
      firstMessage: 'Hello!',
      suggestedResponses: [],
      provider: 'openai',
      model: 'gpt-4o-mini',
      openrouterModel: false,
    },
    ...overrides,
    settings: { ...defaultDemoSettings, ...settings },
  };
}
