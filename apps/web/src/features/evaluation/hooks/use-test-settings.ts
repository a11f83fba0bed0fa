import { useCallback } from 'react';
import { CheckedItems, type EvaluationGroup } from '@agentry/core/evaluation';
import {
  defaultComplianceQuestions,
  defaultCustomQuestions,
  defaultPromptHackingQuestions,
  type EvaluationQuestionItem,
} from '@agentry/core/evaluation-defaults';
import { DEFAULT_EVALUATION_INITIAL_MESSAGE, DEFAULT_EVALUATION_USER_DESCRIPTION } from '@agentry/core/evaluation';
import { evaluationStorageKeys } from '../lib/evaluation-storage';
import { isQuestionList, normaliseQuestions } from '../lib/question-list';
import type { QuestionListName, TestSettingsValues } from '../lib/test-settings-state';
import { useStoredState } from './use-stored-state';

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isCheckedItems = (value: unknown): value is CheckedItems =>
  CheckedItems.safeParse(value).success && typeof value === 'object' && value !== null && 'compliance' in value;

/** docs/product/evaluation.md#test-settings, checkedItems default: the custom group is on, so the defaults run as they are. */
const defaultCheckedItems = (): CheckedItems => ({
  'custom-questions': true,
  compliance: false,
  'prompt-hacking': false,
});

export const groupLists: Record<EvaluationGroup, QuestionListName> = {
  'custom-questions': 'customQuestions',
  compliance: 'complianceQuestions',
  'prompt-hacking': 'promptHackingQuestions',
};

/** The Test Settings form, each field persisted under its 'evaluation:' key (docs/product/evaluation.md#test-settings). */
export function useTestSettings() {
  const [testingModel, setTestingModel] = useStoredState(evaluationStorageKeys.testingModel, () => '', isString);
  const [initialMessage, setInitialMessage] = useStoredState(
    evaluationStorageKeys.initialMessage,
    () => DEFAULT_EVALUATION_INITIAL_MESSAGE,
    isString,
  );
  const [shortuserDescription, setShortuserDescription] = useStoredState(
    evaluationStorageKeys.shortuserDescription,
    () => DEFAULT_EVALUATION_USER_DESCRIPTION,
    isString,
  );
  const [conversationFlowInput, setConversationFlowInput] = useStoredState(
    evaluationStorageKeys.conversationFlowInput,
    () => '',
    isString,
  );
  const [hallucinationInstruction, setHallucinationInstruction] = useStoredState(
    evaluationStorageKeys.hallucinationInstruction,
    () => '',
    isString,
  );
  const [hallucinationChoice, setHallucinationChoice] = useStoredState(
    evaluationStorageKeys.hallucinationChoice,
    () => null,
    isNullableString,
  );
  const [checkedItems, setCheckedItems] = useStoredState(
    evaluationStorageKeys.checkedItems,
    defaultCheckedItems,
    isCheckedItems,
  );
  const [customQuestions, setCustomQuestions] = useStoredState(
    evaluationStorageKeys.customQuestions,
    defaultCustomQuestions,
    isQuestionList,
  );
  const [complianceQuestions, setComplianceQuestions] = useStoredState(
    evaluationStorageKeys.complianceQuestions,
    defaultComplianceQuestions,
    isQuestionList,
  );
  const [promptHackingQuestions, setPromptHackingQuestions] = useStoredState(
    evaluationStorageKeys.promptHackingQuestions,
    defaultPromptHackingQuestions,
    isQuestionList,
  );

  const values: TestSettingsValues = {
    testingModel,
    initialMessage,
    shortuserDescription,
    conversationFlowInput,
    hallucinationInstruction,
    hallucinationChoice,
    checkedItems,
    customQuestions,
    complianceQuestions,
    promptHackingQuestions,
  };

  const updateList = useCallback(
    (name: QuestionListName, update: (list: EvaluationQuestionItem[]) => EvaluationQuestionItem[]) => {
      const setters = {
        customQuestions: setCustomQuestions,
        complianceQuestions: setComplianceQuestions,
        promptHackingQuestions: setPromptHackingQuestions,
      };
      setters[name]((list) => update(list));
    },
    [setCustomQuestions, setComplianceQuestions, setPromptHackingQuestions],
  );

  const setGroupChecked = useCallback(
    (group: EvaluationGroup, checked: boolean) => setCheckedItems((items) => ({ ...items, [group]: checked })),
    [setCheckedItems],
  );

  /**
   * docs/product/evaluation.md#templates: a template's values replace the form; groups with questions are enabled. Answers those
   * groups. Its `settings` are kept on record but not applied: they belong to the agent or prompt
   * it was saved for, and the one chosen on the type page stays the one under test.
   */
  const loadTemplate = useCallback(
    (data: Record<string, unknown>): EvaluationGroup[] => {
      const text = (key: string) => (typeof data[key] === 'string' ? data[key] : undefined);
      const model = text('testing_model') ?? text('model');
      if (model !== undefined) setTestingModel(model);
      const message = text('initialMessage');
      if (message !== undefined) setInitialMessage(message);
      const description = text('shortuserDescription');
      if (description !== undefined) setShortuserDescription(description);
      setConversationFlowInput(text('conversationFlowInput') ?? '');
      setHallucinationInstruction(text('hallucinationInstruction') ?? '');
      setHallucinationChoice(text('hallucinationChoice') ?? null);
      const withQuestions: EvaluationGroup[] = [];
      for (const [group, name] of Object.entries(groupLists) as [EvaluationGroup, QuestionListName][]) {
        // A list the template does not carry stays as it is.
        const list = normaliseQuestions(data[name]);
        if (list === null) continue;
        updateList(name, () => list);
        if (list.length > 0) withQuestions.push(group);
      }
      setCheckedItems((items) => ({ ...items, ...Object.fromEntries(withQuestions.map((group) => [group, true])) }));
      return withQuestions;
    },
    [
      setTestingModel,
      setInitialMessage,
      setShortuserDescription,
      setConversationFlowInput,
      setHallucinationInstruction,
      setHallucinationChoice,
      updateList,
      setCheckedItems,
    ],
  );

  return {
    values,
    setTestingModel,
    setInitialMessage,
    setShortuserDescription,
    setGroupChecked,
    updateList,
    loadTemplate,
  };
}
