import type { Agent } from '@agentry/core/agents';

/** An agent as the server answers it, with overrides. */
export function buildAgent(overrides: Partial<Agent> = {}): Agent {
  const buildId = overrides.buildId ?? 'agent-1';
  return {
    buildId,
    assistantId: buildId,
    subaccountId: 'sa-1',
    status: 'ready',
    aiName: 'Dental Receptionist',
    type: 'assistant',
    instructions: 'You are the receptionist of Bright Smile Dental. We open at 8 am.',
    firstMessage: 'Hello! How can I help you today?',
    suggestedResponses: ['When do you open?', 'How much is a check-up?', 'Can I book?'],
    provider: 'openai',
    model: 'gpt-4o-mini',
    providerKeyId: null,
    temperature: 1,
    maxTokens: 2048,
    topP: 1,
    frequencyPenalty: 0,
    presencePenalty: 0,
    stopSequences: [],
    tools: [],
    discoveredTools: [],
    enabledTools: [],
    category: 'Chatbots',
    publishedVersionId: 'version-1',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
