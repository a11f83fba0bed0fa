import { evaluationMessages, listRunnableQuestions, type CheckedItems } from '@agentry/core/evaluation';
import type { EvaluationQuestionItem } from '@agentry/core/evaluation-defaults';

type RunInput = {
  testingModel: string;
  checkedItems: CheckedItems;
  customQuestions: EvaluationQuestionItem[];
  complianceQuestions: EvaluationQuestionItem[];
  promptHackingQuestions: EvaluationQuestionItem[];
};

/** docs/product/evaluation.md#test-settings: the message that blocks Run, or null when the run may start. */
export function validateRun(input: RunInput): string | null {
  if (input.testingModel.trim() === '') return evaluationMessages.testingModelRequired;
  const runnable = listRunnableQuestions({
    checkedItems: input.checkedItems,
    customQuestions: input.customQuestions,
    complianceQuestions: input.complianceQuestions,
    promptHackingQuestions: input.promptHackingQuestions,
  });
  return runnable.length === 0 ? evaluationMessages.categoryRequired : null;
}
