import { describe, expect, it } from 'vitest';
import { millicreditsForCost } from './credits';
import {
  ChatCompletionBody,
  CreateProviderKeyBody,
  UNKNOWN_MODEL_PRICE,
  costForUsage,
  estimateTokens,
  priceForModel,
} from './llm';

describe('model prices', () => {
  it('prices a known model exactly', () => {
    expect(priceForModel('gpt-4o-mini')).toEqual({ inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 });
  });

  it('reads OpenRouter vendor prefixes and dated snapshots', () => {
    expect(priceForModel('openai/gpt-4o')).toEqual(priceForModel('gpt-4o'));
    expect(priceForModel('gpt-4o-2024-08-06')).toEqual(priceForModel('gpt-4o'));
    expect(priceForModel('anthropic/claude-3.5-sonnet')).toEqual({ inputUsdPerMillion: 3, outputUsdPerMillion: 15 });
  });

  it('prices an unknown model conservatively (above every listed model)', () => {
    expect(priceForModel('my-local-llama')).toBe(UNKNOWN_MODEL_PRICE);
    expect(UNKNOWN_MODEL_PRICE.outputUsdPerMillion).toBeGreaterThanOrEqual(
      priceForModel('gpt-4-turbo').outputUsdPerMillion,
    );
  });

  it('costs a call and converts it to millicredits', () => {
    const cost = costForUsage({ model: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 500 });
    expect(cost).toBeCloseTo(0.00045, 10);
    expect(millicreditsForCost(cost)).toBe(45);
    expect(costForUsage({ model: 'offline-responder', inputTokens: 1000, outputTokens: 1000 })).toBe(0);
  });

  it('estimates four characters a token, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });
});

describe('wire schemas', () => {
  it('accepts an OpenAI chat completion request with content parts', () => {
    const body = ChatCompletionBody.parse({
      model: 'agent-1',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: true,
    });
    expect(body.stream).toBe(true);
  });

  it('requires a provider key and a public http(s) base URL shape', () => {
    expect(CreateProviderKeyBody.safeParse({ provider: 'openai', apiKey: ' ' }).success).toBe(false);
    expect(
      CreateProviderKeyBody.safeParse({ provider: 'openai-compatible', apiKey: 'k', baseUrl: 'ftp://x' }).success,
    ).toBe(false);
    expect(CreateProviderKeyBody.parse({ provider: 'openai', apiKey: ' sk-1 ' })).toEqual({
      provider: 'openai',
      apiKey: 'sk-1',
      label: '',
    });
  });
});
