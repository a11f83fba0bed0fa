import { describe, expect, it } from 'vitest';
import {
  CreateTemplateBody,
  GenerateQuestionsBody,
  RunAssistantEvaluationBody,
  RunChatCompletionEvaluationBody,
  clampCustomCategoryCount,
  clampVariations,
  clampWhenToAsk,
  evaluationTestingModels,
  findRepeatedCustomCategoryNames,
  formatLoadedTemplateMessage,
  isEvaluationRunOver,
  listRunnableQuestions,
} from './evaluation';

const question = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  text: 'Are you an AI?',
  selected: true,
  variations: 3,
  whenToAsk: 1,
  successCriteria: 'Says it is an AI.',
  ...overrides,
});

function firstMessage(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('evaluation schemas and limits', () => {
  it('offers the four documented testing models', () => {
    expect(evaluationTestingModels).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo']);
  });

  it('clamps variations to 0-10, whenToAsk to 1-10, custom counts to 50', () => {
    expect([clampVariations(-3), clampVariations(4.4), clampVariations(99)]).toEqual([0, 4, 10]);
    expect([clampWhenToAsk(0), clampWhenToAsk(7), clampWhenToAsk(11)]).toEqual([1, 7, 10]);
    expect([clampCustomCategoryCount(70), clampCustomCategoryCount(12)]).toEqual([50, 12]);
  });

  it('requires a testing model, then an enabled group with a selected question (messages)', () => {
    const base = { evaluationId: '6f1c1a3e-5b1d-4c55-9f5e-2b8f3f9a7c10', testing_model_for_test_generation: 'gpt-4o' };
    expect(firstMessage(RunChatCompletionEvaluationBody, { ...base, testing_model_for_test_generation: '' })).toBe(
      'Please select a testing model',
    );
    expect(firstMessage(RunChatCompletionEvaluationBody, base)).toBe(
      'Please select at least one testing question category with questions',
    );
    expect(
      firstMessage(RunChatCompletionEvaluationBody, {
        ...base,
        checkedItems: { compliance: true },
        customQuestions: [question()],
      }),
    ).toBe('Please select at least one testing question category with questions');
    expect(
      firstMessage(RunChatCompletionEvaluationBody, {
        ...base,
        checkedItems: { compliance: true },
        complianceQuestions: [question()],
      }),
    ).toBeNull();
    expect(
      firstMessage(RunChatCompletionEvaluationBody, {
        ...base,
        checkedItems: { compliance: true },
        complianceQuestions: [question({ variations: 11 })],
      }),
    ).not.toBeNull();
    expect(
      firstMessage(RunAssistantEvaluationBody, {
        ...base,
        checkedItems: { compliance: true },
        complianceQuestions: [question()],
      }),
    ).not.toBeNull();
  });

  it('fills the documented defaults of a run payload', () => {
    const parsed = RunChatCompletionEvaluationBody.parse({
      evaluationId: '6f1c1a3e-5b1d-4c55-9f5e-2b8f3f9a7c10',
      testing_model_for_test_generation: 'gpt-4o',
      checkedItems: { 'custom-questions': true },
      customQuestions: [{ id: 'q', text: 'Hi' }],
    });
    expect(parsed).toMatchObject({
      initial_message: 'How can I help you with solar today?',
      shortuserDescription: 'User wants help looking at options for solar energy.',
      concurrency: 5,
    });
    expect(parsed.customQuestions[0]).toMatchObject({ variations: 3, whenToAsk: 1, selected: true });
  });

  it('lists only selected questions of enabled groups', () => {
    const parsed = RunChatCompletionEvaluationBody.parse({
      evaluationId: '6f1c1a3e-5b1d-4c55-9f5e-2b8f3f9a7c10',
      testing_model_for_test_generation: 'gpt-4o',
      checkedItems: { 'custom-questions': true, 'prompt-hacking': false },
      customQuestions: [question({ id: 'a' }), question({ id: 'b', selected: false })],
      promptHackingQuestions: [question({ id: 'c' })],
    });
    expect(listRunnableQuestions(parsed).map((entry) => [entry.group, entry.question.id])).toEqual([
      ['custom-questions', 'a'],
    ]);
  });

  it('takes generation counts as strings 0-20 and caps custom categories at 50', () => {
    const parsed = GenerateQuestionsBody.parse({
      generatedIndustryCount: '5',
      customPrompts: [{ id: 1, count: '75', label: ' Billing ' }],
    });
    expect(parsed).toMatchObject({
      evaluation_type: 'questiongenerator',
      generatedIndustryCount: 5,
      generatedAngryCount: 0,
      customPrompts: [{ count: 50, label: 'Billing' }],
    });
    expect(GenerateQuestionsBody.safeParse({ generatedAngryCount: '21' }).success).toBe(false);
    expect(GenerateQuestionsBody.safeParse({ generatedAngryCount: 'many' }).success).toBe(false);
  });

  it('refuses two custom categories of the same name, ignoring case and surrounding spaces', () => {
    const result = GenerateQuestionsBody.safeParse({
      customPrompts: [
        { id: 'a', count: '2', label: 'FAQ' },
        { id: 'b', count: '1', label: 'Billing' },
        { id: 'c', count: '3', label: 'faq ' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['customPrompts', 2, 'label'],
        message: 'Each custom category needs its own name',
      }),
    ]);
    expect(
      GenerateQuestionsBody.safeParse({
        customPrompts: [
          { id: 'a', count: '2', label: 'FAQ' },
          { id: 'b', count: '3', label: 'FAQs' },
        ],
      }).success,
    ).toBe(true);
    expect(findRepeatedCustomCategoryNames(['FAQ', '', ' faq', 'Billing', '  '])).toEqual([2]);
  });

  it('requires a template name after trimming', () => {
    expect(firstMessage(CreateTemplateBody, { templateName: '  ', templateData: {} })).toBe(
      'Please enter a template name',
    );
    expect(
      CreateTemplateBody.parse({
        templateName: ' Solar ',
        templateData: { customQuestions: [{ id: 1, text: 'x', extra: true }] },
      }).templateName,
    ).toBe('Solar');
  });

  it('formats the loaded-template toast and knows when a run is over', () => {
    expect(formatLoadedTemplateMessage('Solar')).toBe('Loaded template: Solar');
    expect(
      ['queued', 'running', 'finished', 'cancelled', 'failed'].map((status) => isEvaluationRunOver(status as never)),
    ).toEqual([false, false, true, true, true]);
  });
});
