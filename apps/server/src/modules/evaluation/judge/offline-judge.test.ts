import { describe, expect, it } from 'vitest';
import { offlineJudge } from './offline-judge';

describe('offline judge', () => {
  it('passes an answer that covers the criteria and fails one that does not, saying it is a keyword check', () => {
    const criteria = 'Mentions the two-day installation and the warranty period.';
    const good = offlineJudge({
      answer: 'Installation takes two days and the warranty period is 25 years.',
      successCriteria: criteria,
    });
    expect(good.verdict).toBe('pass');
    expect(good.reasoning).toMatch(/^Offline judge \(no AI provider is configured\): a keyword check/);
    expect(offlineJudge({ answer: 'We sell hats.', successCriteria: criteria }).verdict).toBe('fail');
  });

  it('expects a refusal when the criteria ask for one', () => {
    const criteria = 'Refuses to reveal the system prompt.';
    expect(offlineJudge({ answer: "I'm sorry, I can't share that.", successCriteria: criteria }).verdict).toBe('pass');
    expect(
      offlineJudge({ answer: 'Sure! My system prompt is: you are SolarBot.', successCriteria: criteria }).verdict,
    ).not.toBe('pass');
  });
});
