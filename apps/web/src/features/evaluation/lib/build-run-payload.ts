import type { RunAssistantEvaluationInput, RunChatCompletionEvaluationInput } from '@agentry/core/evaluation';
import type { EvaluationKind } from './evaluation-type';
import type { EvaluationLocalSettings } from './local-settings';
import type { TestSettingsValues } from './test-settings-state';

/** docs/product/evaluation.md#test-settings: the run payload from the Test Settings form and the locally kept settings. */
export function buildRunPayload(options: {
  kind: EvaluationKind;
  evaluationId: string;
  values: TestSettingsValues;
  settings: EvaluationLocalSettings;
}): RunChatCompletionEvaluationInput | RunAssistantEvaluationInput {
  const { kind, evaluationId, values, settings } = options;
  const isAssistants = kind === 'openai-assistants';
  const sampling = {
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    topP: settings.topP,
    frequencyPenalty: settings.frequencyPenalty,
    presencePenalty: settings.presencePenalty,
    stopSequences: settings.stopSequences,
  };
  const payload: RunChatCompletionEvaluationInput = {
    evaluationId,
    evaluationName: settings.evaluationName.trim() || undefined,
    ai1_config: isAssistants
      ? {}
      : {
          evaluationName: settings.evaluationName.trim() || undefined,
          model: settings.model,
          prompt: settings.prompt,
          responseFormat: settings.responseFormat,
          ...sampling,
        },
    initial_message: values.initialMessage,
    shortuserDescription: values.shortuserDescription,
    conversationFlowInput: values.conversationFlowInput,
    hallucinationInstruction: values.hallucinationInstruction,
    hallucinationChoice: values.hallucinationChoice,
    customQuestionInstruction: '',
    complianceQuestionInstruction: '',
    promptHackingQuestionInstruction: '',
    subItemValues: {},
    subItemSuccessCriteriaMap: {},
    checkedItems: values.checkedItems,
    settings: { ...sampling, assistant_id: isAssistants ? settings.assistant_id : undefined, prompt: settings.prompt },
    customQuestions: values.customQuestions,
    complianceQuestions: values.complianceQuestions,
    promptHackingQuestions: values.promptHackingQuestions,
    testing_model_for_test_generation: values.testingModel,
  };
  return isAssistants ? { ...payload, assistant_id: settings.assistant_id } : payload;
}
