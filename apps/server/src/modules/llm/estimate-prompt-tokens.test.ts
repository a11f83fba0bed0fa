import { describe, expect, it } from 'vitest';
import { estimatePromptTokens } from './estimate-prompt-tokens';

describe('estimatePromptTokens', () => {
  it('counts English with the tokenizer, within a couple of tokens per piece of the real count', async () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(100);
    // A clock that stands still: the time budget never runs out, however busy the machine.
    const tokens = await estimatePromptTokens({ model: 'gpt-4o-mini', texts: [text], now: () => 0 });
    // 10 tokens a sentence plus the message framing; a cut between pieces may add two each.
    expect(tokens).toBeGreaterThanOrEqual(100 * 10 + 4);
    expect(tokens).toBeLessThanOrEqual(100 * 10 + 4 + 2 * 2);
  });

  it('counts dense CJK text at no less than a token a character, without handing it to the tokenizer however long', async () => {
    const text = '我们今天讨论的是一个非常重要的问题，'.repeat(12_000);
    // A clock that stands still: the time budget never runs out, so only the long-run rule keeps the tokenizer away.
    const withText = await estimatePromptTokens({
      model: 'gpt-4o-mini',
      texts: ['You are helpful.', text],
      now: () => 0,
    });
    const without = await estimatePromptTokens({ model: 'gpt-4o-mini', texts: ['You are helpful.'], now: () => 0 });
    // Exactly a token a character plus the message framing: counted, not tokenized (BPE's cost grows with a run's length).
    expect(withText - without).toBe(text.length + 4);
  });

  it('stops tokenizing once its time budget is spent and counts the rest a token a character', async () => {
    let clock = 0;
    const text = 'word '.repeat(10_000);
    // Each reading of the clock moves it 30 ms: the budget is spent before the first piece.
    const tokens = await estimatePromptTokens({ model: 'gpt-4o', texts: [text], now: () => (clock += 30) });
    expect(tokens).toBe(text.length + 4);
  });
});
