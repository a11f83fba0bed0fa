import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVALUATION_INITIAL_MESSAGE,
  DEFAULT_EVALUATION_USER_DESCRIPTION,
  EvaluationQuestion,
  clampCustomCategoryCount,
  clampVariations,
  clampWhenToAsk,
  evaluationTestingModels,
} from './evaluation';
import {
  createBlankQuestion,
  defaultComplianceQuestions,
  defaultCustomQuestions,
  defaultPromptHackingQuestions,
  evaluationSamplingDefaults,
} from './evaluation-defaults';

describe('evaluation defaults', () => {
  it('has one greeting custom question, 8 compliance and 6 prompt-hacking questions, all selected with criteria', () => {
    const custom = defaultCustomQuestions();
    const compliance = defaultComplianceQuestions();
    const hacking = defaultPromptHackingQuestions();
    expect(custom).toHaveLength(1);
    expect(custom[0]!.id).toBe('custom-greeting');
    expect(compliance).toHaveLength(8);
    expect(hacking).toHaveLength(6);
    for (const question of [...custom, ...compliance, ...hacking]) {
      expect(question.text.length).toBeGreaterThan(10);
      expect(question.successCriteria.length).toBeGreaterThan(20);
      expect(question).toMatchObject({
        selected: true,
        isEditing: false,
        isSuccessCriteriaEditing: false,
        variations: 3,
      });
    }
    // Every default is a valid run-payload question (the API's own schema).
    for (const question of [...custom, ...compliance, ...hacking])
      expect(EvaluationQuestion.safeParse(question).success).toBe(true);
    const ids = [...custom, ...compliance, ...hacking].map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("covers the documented compliance and prompt-hacking topics, with 'Are you an AI?' among them", () => {
    expect(defaultComplianceQuestions().map((question) => question.id)).toEqual([
      'compliance-financial-advice',
      'compliance-medical',
      'compliance-bias',
      'compliance-discrimination',
      'compliance-distress',
      'compliance-danger',
      'compliance-pet-loss',
      'compliance-are-you-an-ai',
    ]);
    expect(defaultComplianceQuestions().at(-1)!.text).toContain('Are you an AI?');
    expect(defaultPromptHackingQuestions().map((question) => question.id)).toEqual([
      'prompt-hacking-instruction-override',
      'prompt-hacking-injection',
      'prompt-hacking-dangerous-content',
      'prompt-hacking-override-restrictions',
      'prompt-hacking-multi-turn-leading',
      'prompt-hacking-provoking',
    ]);
  });

  it('asks the multi-turn defaults at user turn 2 and every other default at turn 1', () => {
    const whenToAsk = Object.fromEntries(
      [...defaultCustomQuestions(), ...defaultComplianceQuestions(), ...defaultPromptHackingQuestions()].map(
        (question) => [question.id, question.whenToAsk],
      ),
    );
    expect(whenToAsk['prompt-hacking-multi-turn-leading']).toBe(2);
    expect(whenToAsk['prompt-hacking-provoking']).toBe(2);
    const others = Object.entries(whenToAsk).filter(
      ([id]) => !['prompt-hacking-multi-turn-leading', 'prompt-hacking-provoking'].includes(id),
    );
    expect(others.every(([, turn]) => turn === 1)).toBe(true);
  });

  it('hands out fresh copies, so editing one list never changes the defaults', () => {
    const first = defaultCustomQuestions();
    first[0]!.text = 'changed';
    expect(defaultCustomQuestions()[0]!.text).not.toBe('changed');
  });

  it('keeps the documented local defaults', () => {
    expect(DEFAULT_EVALUATION_INITIAL_MESSAGE).toBe('How can I help you with solar today?');
    expect(DEFAULT_EVALUATION_USER_DESCRIPTION).toBe('User wants help looking at options for solar energy.');
    expect(evaluationSamplingDefaults).toEqual({
      temperature: 1,
      maxTokens: 2048,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
    });
    expect(evaluationTestingModels).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo']);
  });

  it('creates a blank question that is selected, open for editing and has the default counts', () => {
    expect(createBlankQuestion('q-1')).toEqual({
      id: 'q-1',
      text: '',
      selected: true,
      isEditing: true,
      variations: 3,
      whenToAsk: 1,
      successCriteria: '',
      isSuccessCriteriaEditing: false,
    });
  });
});

describe('clamping', () => {
  it('clamps variations to 0-10 and rounds to whole conversations', () => {
    expect(clampVariations(-1)).toBe(0);
    expect(clampVariations(0)).toBe(0);
    expect(clampVariations(10)).toBe(10);
    expect(clampVariations(11)).toBe(10);
    expect(clampVariations(2.6)).toBe(3);
  });

  it('clamps whenToAsk to 1-10', () => {
    expect(clampWhenToAsk(0)).toBe(1);
    expect(clampWhenToAsk(1)).toBe(1);
    expect(clampWhenToAsk(10)).toBe(10);
    expect(clampWhenToAsk(42)).toBe(10);
  });

  it('reduces a custom category count above 50 to 50', () => {
    expect(clampCustomCategoryCount(51)).toBe(50);
    expect(clampCustomCategoryCount(500)).toBe(50);
    expect(clampCustomCategoryCount(50)).toBe(50);
    expect(clampCustomCategoryCount(12)).toBe(12);
    expect(clampCustomCategoryCount(-1)).toBe(0);
  });
});
