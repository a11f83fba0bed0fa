import { evaluationSamplingDefaults } from '@agentry/core/evaluation-defaults';
import type { EvaluationResponseFormat } from '@agentry/core/evaluation';
import type { EvaluationKind } from './evaluation-type';

/** docs/product/evaluation.md#test-settings: the evaluation settings kept locally between the type page and Test Settings. */
export type EvaluationLocalSettings = {
  evaluationName: string;
  model: string;
  responseFormat: EvaluationResponseFormat;
  stopSequences: string[];
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
  /** The system prompt under test (chat completion) or the chosen agent's instructions (assistants). */
  prompt: string;
  evaluationCriteria: string;
  reasoningEffect: string;
  assistant_id: string;
  /** The chosen agent's name, for the Test Settings header. */
  assistantName: string;
  evaluation_type: EvaluationKind | '';
  apiKeyIdUsedForImport: string;
  apiKeyIdUsedForConfig: string;
  testing_model: string;
};

export function defaultLocalSettings(): EvaluationLocalSettings {
  return {
    evaluationName: '',
    model: 'gpt-4o-mini',
    responseFormat: 'text',
    stopSequences: [],
    ...evaluationSamplingDefaults,
    prompt: '',
    evaluationCriteria: '',
    reasoningEffect: '',
    assistant_id: '',
    assistantName: '',
    evaluation_type: '',
    apiKeyIdUsedForImport: '',
    apiKeyIdUsedForConfig: '',
    testing_model: '',
  };
}

export function isLocalSettings(value: unknown): value is EvaluationLocalSettings {
  return (
    typeof value === 'object' &&
    value !== null &&
    'evaluationName' in value &&
    'temperature' in value &&
    'assistant_id' in value
  );
}
