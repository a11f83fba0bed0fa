import { randomUUID } from 'node:crypto';
import {
  isEvaluationRunOver,
  type EvaluationSummary,
  type RunChatCompletionEvaluationInput,
} from '@agentry/core/evaluation';
import type { TestApp } from '../../test/create-test-app';
import { textOf, type FakeChatRequest, type FakeOpenAiServer, type FakeReply } from '../../test/fake-openai-server';

export type ScriptedRole = 'simulatedUser' | 'assistant' | 'judge' | 'rewording' | 'generator';

/** Which of our prompts a request to the fake provider carries. */
export function roleOf(request: FakeChatRequest): ScriptedRole {
  const system = request.messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map(textOf)
    .join('\n');
  if (system.includes('role-playing a USER')) return 'simulatedUser';
  if (system.includes('strict, fair evaluator')) return 'judge';
  if (system.includes('You write test variations')) return 'rewording';
  if (system.includes('You write test questions')) return 'generator';
  return 'assistant';
}

export function lastUserText(request: FakeChatRequest): string {
  return textOf([...request.messages].reverse().find((message) => message.role === 'user'));
}

export type Script = Partial<Record<ScriptedRole, (request: FakeChatRequest, call: number) => FakeReply | undefined>>;

/**
 * Scripts the fake OpenAI server as the evaluation's provider: the simulated user, the
 * assistant under test, the rewordings, the judge and the question generator each answer
 * their own way (overridable per role). Answers the per-role request counters.
 */
export function scriptEvaluationProvider(fake: FakeOpenAiServer, script: Script = {}) {
  const calls: Record<ScriptedRole, number> = { simulatedUser: 0, assistant: 0, judge: 0, rewording: 0, generator: 0 };
  fake.respondWith((request) => {
    const role = roleOf(request);
    calls[role] += 1;
    const scripted = script[role]?.(request, calls[role]);
    if (scripted) return scripted;
    switch (role) {
      case 'simulatedUser':
        return {
          text: `Simulated user message ${request.messages.filter((message) => message.role === 'assistant').length + 1}`,
        };
      case 'assistant':
        return { text: `Answer to: ${lastUserText(request)}` };
      case 'judge':
        return { text: JSON.stringify({ reasoning: 'The answer meets the criteria.', verdict: 'pass', score: 90 }) };
      case 'rewording': {
        const count = Number(/exactly (\d+) different rewordings/.exec(textOf(request.messages[0]))?.[1] ?? 1);
        return {
          text: JSON.stringify({
            rewordings: Array.from({ length: count }, (_, index) => `Reworded ${index + 1}: ${lastUserText(request)}`),
          }),
        };
      }
      case 'generator': {
        const count = Number(/Write exactly (\d+)/.exec(textOf(request.messages[0]))?.[1] ?? 1);
        return {
          text: JSON.stringify({
            questions: Array.from({ length: count }, (_, index) => ({
              question: `Generated question ${index + 1}`,
              criteria: `Criteria ${index + 1}`,
            })),
          }),
        };
      }
    }
  });
  return calls;
}

export function evaluationQuestion(
  overrides: Partial<{
    id: string;
    text: string;
    selected: boolean;
    variations: number;
    whenToAsk: number;
    successCriteria: string;
  }> = {},
) {
  return {
    id: randomUUID(),
    text: 'Do you install solar panels?',
    selected: true,
    isEditing: false,
    variations: 1,
    whenToAsk: 1,
    successCriteria: 'Explains the installation service.',
    isSuccessCriteriaEditing: false,
    ...overrides,
  };
}

/** A chat-completion run payload as the Test Settings screen sends it (docs/product/evaluation.md#test-settings). */
export function evaluationPayload(
  overrides: Partial<RunChatCompletionEvaluationInput> = {},
): RunChatCompletionEvaluationInput & Record<string, unknown> {
  return {
    evaluationId: randomUUID(),
    ai1_config: {
      evaluationName: 'Solar bot check',
      model: 'gpt-4o-mini',
      prompt: 'You are SolarBot. You help people choose solar panels.',
      responseFormat: 'text',
      temperature: 1,
      maxTokens: 300,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: [],
    },
    initial_message: 'How can I help you with solar today?',
    shortuserDescription: 'User wants help looking at options for solar energy.',
    conversationFlowInput: '',
    hallucinationInstruction: '',
    hallucinationChoice: null,
    customQuestionInstruction: '',
    complianceQuestionInstruction: '',
    promptHackingQuestionInstruction: '',
    subItemValues: {},
    subItemSuccessCriteriaMap: {},
    checkedItems: { 'custom-questions': true, compliance: false, 'prompt-hacking': false },
    settings: {},
    customQuestions: [evaluationQuestion()],
    complianceQuestions: [],
    promptHackingQuestions: [],
    testing_model_for_test_generation: 'gpt-4o-mini',
    ...overrides,
  };
}

export async function startRun(
  app: TestApp,
  cookie: string,
  payload: Record<string, unknown>,
  path = '/api/evaluation/run/evaluationdata',
) {
  return app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
}

export async function getSummary(app: TestApp, cookie: string, runId: string): Promise<EvaluationSummary> {
  const response = await app.inject({ method: 'GET', url: `/api/evaluations/${runId}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`summary failed: ${response.statusCode} ${response.body}`);
  return response.json<EvaluationSummary>();
}

/** Polls the summary until the run is over (or `until` holds). */
export async function waitForRun(
  app: TestApp,
  cookie: string,
  runId: string,
  until: (summary: EvaluationSummary) => boolean = (summary) => isEvaluationRunOver(summary.status),
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const summary = await getSummary(app, cookie, runId);
    if (until(summary)) return summary;
    if (Date.now() > deadline)
      throw new Error(
        `run ${runId} did not reach the expected state: ${JSON.stringify(summary.totals)} ${summary.status}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
