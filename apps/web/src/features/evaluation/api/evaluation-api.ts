import { queryOptions } from '@tanstack/react-query';
import type { ListBuildsReply } from '@agentry/core/agents';
import type {
  CancelEvaluationReply,
  CreateTemplateBody,
  CreateTemplateReply,
  EvaluationComparisonReply,
  EvaluationConversationDetail,
  EvaluationSummary,
  GenerateQuestionsInput,
  GenerateQuestionsReply,
  GetQuestionGenerationReply,
  ListEvaluationsReply,
  ListTemplatesReply,
  ListTestingModelsReply,
  OverrideVerdictBody,
  OverrideVerdictReply,
  RunAssistantEvaluationInput,
  RunChatCompletionEvaluationInput,
  RunEvaluationReply,
} from '@agentry/core/evaluation';
import type { ProviderKey } from '@agentry/core/llm';
import { apiRequest } from '@/lib/api';
import type { EvaluationKind } from '../lib/evaluation-type';

const runPath = (runId: string) => `/api/evaluations/${encodeURIComponent(runId)}`;

export const evaluationKeys = {
  templates: ['evaluation', 'templates'] as const,
  testingModels: ['evaluation', 'testing-models'] as const,
  builds: ['evaluation', 'builds'] as const,
  providerKeys: (subaccountId: string) => ['evaluation', 'provider-keys', subaccountId] as const,
  runs: ['evaluation', 'runs'] as const,
  run: (runId: string) => ['evaluation', 'runs', runId] as const,
  conversation: (runId: string, conversationId: string) =>
    ['evaluation', 'runs', runId, 'conversations', conversationId] as const,
  comparison: (runId: string) => ['evaluation', 'runs', runId, 'comparison'] as const,
};

/** docs/product/evaluation.md#routes, GET /templates (a server path of its own, like /questiongenerator; see vite.config.ts). */
export function templatesQuery() {
  return queryOptions({
    queryKey: evaluationKeys.templates,
    queryFn: ({ signal }) =>
      apiRequest<ListTemplatesReply>('/templates', { signal, fallbackMessage: 'Failed to fetch templates' }),
  });
}

export function createTemplate(body: CreateTemplateBody) {
  return apiRequest<CreateTemplateReply>('/templates', {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to save template',
  });
}

export function testingModelsQuery() {
  return queryOptions({
    queryKey: evaluationKeys.testingModels,
    queryFn: ({ signal }) => apiRequest<ListTestingModelsReply>('/api/evaluation/testing-models', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The active sub account's agents (docs/product/agents.md#routes, GET /api/builds). */
export function buildsQuery() {
  return queryOptions({
    queryKey: evaluationKeys.builds,
    queryFn: ({ signal }) =>
      apiRequest<ListBuildsReply>('/api/builds', { signal, fallbackMessage: 'Failed to load builds' }),
  });
}

/** The sub account's own provider keys: when one exists, its tokens are billed to the user. */
export function providerKeysQuery(subaccountId: string) {
  return queryOptions({
    queryKey: evaluationKeys.providerKeys(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ keys: ProviderKey[] }>(`/api/subaccounts/${encodeURIComponent(subaccountId)}/provider-keys`, {
        signal,
        fallbackMessage: 'Failed to load provider keys',
      }),
  });
}

export function startQuestionGeneration(body: GenerateQuestionsInput, signal?: AbortSignal) {
  return apiRequest<GenerateQuestionsReply>('/questiongenerator', {
    method: 'POST',
    body,
    signal,
    fallbackMessage: 'Failed to start question generation',
  });
}

export function getQuestionGeneration(id: string, signal?: AbortSignal) {
  return apiRequest<GetQuestionGenerationReply>(`/api/questiongenerator/${encodeURIComponent(id)}`, {
    signal,
    fallbackMessage: 'Failed to generate questions',
  });
}

/** docs/product/evaluation.md#routes: chat completion and assistants runs have their own endpoints. */
export function startEvaluation(
  kind: EvaluationKind,
  body: RunChatCompletionEvaluationInput | RunAssistantEvaluationInput,
) {
  const path =
    kind === 'openai-assistants' ? '/api/openai/assistants/run/evaluationdata' : '/api/evaluation/run/evaluationdata';
  return apiRequest<RunEvaluationReply>(path, { method: 'POST', body, fallbackMessage: 'Failed to start evaluation' });
}

export function evaluationsQuery() {
  return queryOptions({
    queryKey: evaluationKeys.runs,
    queryFn: ({ signal }) =>
      apiRequest<ListEvaluationsReply>('/api/evaluations', { signal, fallbackMessage: 'Failed to load evaluations' }),
  });
}

export function evaluationQuery(runId: string) {
  return queryOptions({
    queryKey: evaluationKeys.run(runId),
    queryFn: ({ signal }) =>
      apiRequest<EvaluationSummary>(runPath(runId), { signal, fallbackMessage: 'Failed to load the evaluation' }),
  });
}

export function conversationQuery(runId: string, conversationId: string) {
  return queryOptions({
    queryKey: evaluationKeys.conversation(runId, conversationId),
    queryFn: ({ signal }) =>
      apiRequest<EvaluationConversationDetail>(
        `${runPath(runId)}/conversations/${encodeURIComponent(conversationId)}`,
        { signal, fallbackMessage: 'Failed to load the conversation' },
      ),
  });
}

/** The run against `baseline` (a run id), or against the default baseline the server picks. */
export function comparisonQuery(runId: string, baseline?: string) {
  return queryOptions({
    queryKey: [...evaluationKeys.comparison(runId), baseline ?? 'default'] as const,
    queryFn: ({ signal }) =>
      apiRequest<EvaluationComparisonReply>(
        `${runPath(runId)}/comparison${baseline ? `?baseline=${encodeURIComponent(baseline)}` : ''}`,
        {
          signal,
          fallbackMessage: 'Failed to load the comparison',
        },
      ),
  });
}

export function overrideVerdict(options: { runId: string; conversationId: string; body: OverrideVerdictBody }) {
  return apiRequest<OverrideVerdictReply>(
    `${runPath(options.runId)}/conversations/${encodeURIComponent(options.conversationId)}/verdict`,
    {
      method: 'PATCH',
      body: options.body,
      fallbackMessage: 'Failed to save the verdict',
    },
  );
}

export function cancelEvaluation(runId: string) {
  return apiRequest<CancelEvaluationReply>(`${runPath(runId)}/cancel`, {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to cancel the evaluation',
  });
}

/** POST /api/evaluations/:runId/rerun: a new run with the settings this run kept (Retry, Run again). */
export function rerunEvaluation(runId: string) {
  return apiRequest<RunEvaluationReply>(`${runPath(runId)}/rerun`, {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to start evaluation',
  });
}

export function exportPath(runId: string, format: 'csv' | 'json') {
  return `${runPath(runId)}/export?format=${format}`;
}

export function eventsPath(runId: string) {
  return `${runPath(runId)}/events`;
}
