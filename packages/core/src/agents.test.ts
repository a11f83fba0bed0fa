import { describe, expect, it } from 'vitest';
import {
  AgentDraft,
  AgentJob,
  CreateAgentBody,
  UpdateAgentBody,
  agentCategories,
  builderErrorMessages,
  isOpenRouterStyleBuild,
} from './agents';

describe('isOpenRouterStyleBuild', () => {
  it('is false for a plain OpenAI build', () => {
    expect(
      isOpenRouterStyleBuild({ provider: 'openai', model: 'gpt-4o-mini', discoveredTools: [], enabledTools: [] }),
    ).toBe(false);
    expect(isOpenRouterStyleBuild({})).toBe(false);
  });

  it('is true when the openRouterModel flag is set', () => {
    expect(isOpenRouterStyleBuild({ openRouterModel: true })).toBe(true);
    expect(isOpenRouterStyleBuild({ openrouterModel: 'anthropic/claude-3.5-sonnet' })).toBe(true);
  });

  it('is true when the provider or backend service is openrouter', () => {
    expect(isOpenRouterStyleBuild({ provider: 'openrouter' })).toBe(true);
    expect(isOpenRouterStyleBuild({ provider: 'openai', backendService: 'OpenRouter' })).toBe(true);
  });

  it('is true when the model name contains a slash', () => {
    expect(isOpenRouterStyleBuild({ provider: 'openai', model: 'meta-llama/llama-3.1-8b-instruct' })).toBe(true);
  });

  it('is true when any discovered or enabled tool exists', () => {
    expect(isOpenRouterStyleBuild({ discoveredTools: ['GET_WEATHER'] })).toBe(true);
    expect(isOpenRouterStyleBuild({ enabledTools: [{ slug: 'X' }] })).toBe(true);
  });
});

describe('agent schemas', () => {
  it('has the nine documented categories in order', () => {
    expect(agentCategories).toEqual([
      'Chatbots',
      'LLMs',
      'Code',
      'Data',
      'Automation',
      'Web',
      'SAAS',
      'Consulting',
      'Other',
    ]);
  });

  it('creates with only a name, or with nothing (the default name)', () => {
    expect(CreateAgentBody.parse({ aiName: '  Dental Bot ' })).toEqual({ aiName: 'Dental Bot' });
    expect(CreateAgentBody.parse({}).aiName).toBe('AI Assistant');
  });

  it('rejects sampling settings out of range and more than four stop sequences', () => {
    expect(UpdateAgentBody.safeParse({ temperature: 3 }).success).toBe(false);
    expect(UpdateAgentBody.safeParse({ topP: -0.1 }).success).toBe(false);
    expect(UpdateAgentBody.safeParse({ maxTokens: 1.5 }).success).toBe(false);
    expect(UpdateAgentBody.safeParse({ stopSequences: ['a', 'b', 'c', 'd', 'e'] }).success).toBe(false);
    expect(UpdateAgentBody.safeParse({ category: 'Gaming' }).success).toBe(false);
    expect(UpdateAgentBody.parse({ temperature: 0.2, category: 'SAAS' })).toEqual({
      temperature: 0.2,
      category: 'SAAS',
    });
  });

  it('accepts a model draft with exactly three suggested replies and drops an unknown category', () => {
    const draft = {
      aiName: 'Smile',
      instructions: 'Help patients.',
      firstMessage: 'Hi!',
      suggestedResponses: ['a', 'b', 'c'],
      category: 'Dentistry',
    };
    expect(AgentDraft.parse(draft).category).toBeUndefined();
    expect(AgentDraft.safeParse({ ...draft, suggestedResponses: ['a', 'b'] }).success).toBe(false);
  });

  it('describes a job in the documented shape', () => {
    expect(AgentJob.parse({ status: 'failed', error: builderErrorMessages.failed })).toEqual({
      status: 'failed',
      error: 'Builder job failed',
    });
    expect(AgentJob.safeParse({ status: 'done' }).success).toBe(false);
  });
});
