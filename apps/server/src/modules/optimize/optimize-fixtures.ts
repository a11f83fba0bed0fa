import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import {
  startFakeOpenAiServer,
  textOf,
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
} from '../../test/fake-openai-server';
import { grantTestPlan } from '../../test/grant-test-plan';
import {
  evaluationPayload,
  evaluationQuestion,
  lastUserText,
  scriptEvaluationProvider,
  startRun,
  waitForRun,
} from '../evaluation/evaluation-fixtures';

export const PRICE_QUESTION = 'How much does a 5 kW system cost?';
export const INSTALL_QUESTION = 'Do you install solar panels?';
export const PRICE_RULE = 'Never quote a price; offer a free site survey instead.';

function systemOf(request: FakeChatRequest): string {
  return request.messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map(textOf)
    .join('\n');
}

/**
 * Scripts the fake provider for the whole loop: the agent quotes a price unless its
 * instructions carry PRICE_RULE; the judge fails an answer that quotes a price; the grouping,
 * proposal and mentor calls answer as a model would. `groups` replaces the grouping's causes;
 * `proposal` may answer the n-th proposal call itself (undefined keeps the usual answer).
 */
export function scriptOptimizeProvider(
  fake: FakeOpenAiServer,
  script: {
    groups?: { cause: string; failures: number[] }[];
    proposal?: (call: number) => FakeReply | undefined;
  } = {},
) {
  const seen = { grouping: 0, proposal: 0, mentor: [] as string[] };
  const calls = scriptEvaluationProvider(fake, {
    assistant: (request) => {
      const system = systemOf(request);
      if (system.includes('You analyse failed answers')) {
        seen.grouping += 1;
        const groups = script.groups ?? [{ cause: 'Quotes prices it does not know', failures: [1] }];
        return { text: JSON.stringify({ groups }) };
      }
      if (system.includes('You improve the instructions')) {
        seen.proposal += 1;
        const scripted = script.proposal?.(seen.proposal);
        if (scripted) return scripted;
        const current = /Current instructions:\n"""\n([\s\S]*?)\n"""/.exec(lastUserText(request))?.[1] ?? '';
        return {
          text: JSON.stringify({
            rationale: 'The agent invented prices; it must offer a survey instead.',
            instructions: `${current}\n${PRICE_RULE}`,
          }),
        };
      }
      if (system.includes('You are the AI Mentor')) {
        seen.mentor.push(system);
        return { text: 'Your agent quotes prices it does not know. Add a rule against it and try it.' };
      }
      const question = lastUserText(request);
      if (question.includes('5 kW'))
        return { text: system.includes(PRICE_RULE) ? 'We offer a free site survey to price it.' : 'It costs $3.' };
      return { text: `Answer to: ${question}` };
    },
    judge: (request) => {
      const transcript = lastUserText(request);
      const judged = /\[ASSISTANT - THE ANSWER TO JUDGE\]\n([^\n]*)/.exec(transcript)?.[1] ?? '';
      return judged.includes('$')
        ? { text: JSON.stringify({ reasoning: 'The answer invents a price.', verdict: 'fail', score: 10 }) }
        : { text: JSON.stringify({ reasoning: 'The answer meets the criteria.', verdict: 'pass', score: 90 }) };
    },
  });
  return { calls, seen };
}

/**
 * An agent and a finished run of two questions of which the price one failed; `moreQuestions`
 * are asked after them (one naming a '5 kW' system fails the same way).
 */
export async function createFailedRun(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  provider: 'openai' | 'offline' = 'openai',
  moreQuestions: string[] = [],
) {
  const agent = await createTestAgent(app, session, {
    aiName: 'Sunny',
    provider,
    model: provider === 'offline' ? 'offline-responder' : 'gpt-4o-mini',
    instructions: 'You are Sunny, a solar advisor. A 5 kW system costs $3.',
  });
  const started = await startRun(
    app,
    session.cookie,
    evaluationPayload({
      ai1_config: {},
      assistant_id: agent.buildId,
      testing_model_for_test_generation: provider === 'offline' ? 'offline-responder' : 'gpt-4o-mini',
      customQuestions: [
        evaluationQuestion({ text: PRICE_QUESTION, successCriteria: PRICE_RULE }),
        evaluationQuestion({ text: INSTALL_QUESTION }),
        ...moreQuestions.map((text) => evaluationQuestion({ text, successCriteria: PRICE_RULE })),
      ],
    }),
    '/api/openai/assistants/run/evaluationdata',
  );
  if (started.statusCode !== 201) throw new Error(`run failed to start: ${started.body}`);
  const runId = started.json<{ runId: string }>().runId;
  const summary = await waitForRun(app, session.cookie, runId);
  return { agent, runId, summary };
}

/** The optimize tests' app: the fake provider, and an owner with a plan and credits. */
export async function startOptimizeApp(email: string) {
  const fake = await startFakeOpenAiServer();
  const harness = await createTestApp({
    OPENAI_API_KEY: 'sk-platform',
    OPENAI_BASE_URL: fake.url,
    LLM_TIMEOUT_MS: '5000',
  });
  const owner = await signInWithWorkspace(harness.app, email);
  await grantTestPlan(harness.app.platform.database.db, owner.userId);
  await grantTestCredits(harness.app, owner.userId, 50_000_000);
  return { fake, harness, owner };
}

export async function stopOptimizeApp(started: Awaited<ReturnType<typeof startOptimizeApp>>) {
  await started.harness.close();
  await started.fake.close();
}
