import type { CheckedItems } from '@agentry/core/evaluation';
import type { EvaluationQuestionItem } from '@agentry/core/evaluation-defaults';

/** Everything the Test Settings form holds (docs/product/evaluation.md#templates, templateData plus the checked groups). */
export type TestSettingsValues = {
  testingModel: string;
  initialMessage: string;
  shortuserDescription: string;
  conversationFlowInput: string;
  hallucinationInstruction: string;
  hallucinationChoice: string | null;
  checkedItems: CheckedItems;
  customQuestions: EvaluationQuestionItem[];
  complianceQuestions: EvaluationQuestionItem[];
  promptHackingQuestions: EvaluationQuestionItem[];
};

export type QuestionListName = 'customQuestions' | 'complianceQuestions' | 'promptHackingQuestions';
