import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationProgressEvent } from '@agentry/core/evaluation';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { countStatements } from '../../test/count-statements';
import { createTestApp } from '../../test/create-test-app';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import {
  evaluationPayload,
  evaluationQuestion,
  roleOf,
  scriptEvaluationProvider,
  startRun,
} from './evaluation-fixtures';
import { runChannel } from './evaluation-types';
import type { RunChannelMessage } from './run/run-evaluation-job';

const CONVERSATIONS = 20;
/**
 * Statements of a whole run (its start route, claim, reads and end included) besides the usage
 * row the gateway writes per assistant answer: the conversations' rows are written in batches,
 * so this hardly grows with the number of conversations (docs/decisions/evaluation-server.md).
 * Today 26 on either database; a start and an end written per conversation
 * would add 2 x CONVERSATIONS.
 */
const BOUND = 45;

describe('statements per evaluation run', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    // A keyless platform provider, as in bench/evaluation.mjs: no credits move.
    harness = await createTestApp({ OPENAI_BASE_URL: fake.url });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  it('writes the conversations of a run in batches, not a start and an end per conversation', async () => {
    scriptEvaluationProvider(fake);
    fake.setDelays({ responseMs: 20 });
    const owner = await signInWithWorkspace(harness.app, 'owner@statements.test');
    const questions = Array.from({ length: CONVERSATIONS }, (_, index) =>
      evaluationQuestion({ text: `Statement question ${index + 1}?` }),
    );
    const payload = evaluationPayload({ concurrency: CONVERSATIONS, customQuestions: questions });
    const events: EvaluationProgressEvent[] = [];
    let resolveEnd: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      resolveEnd = resolve;
    });
    const counter = countStatements();
    try {
      const started = await startRun(harness.app, owner.cookie, payload);
      expect(started.statusCode).toBe(201);
      const { runId } = started.json<{ runId: string }>();
      const stop = await harness.app.platform.events.subscribe(runChannel(runId), (message) => {
        const payloadOf = message as RunChannelMessage;
        if (payloadOf.kind !== 'progress') return;
        events.push(payloadOf.event);
        if (payloadOf.event.status !== 'running') resolveEnd();
      });
      await ended;
      await stop();
    } finally {
      counter.stop();
    }
    expect(events.at(-1)).toMatchObject({ status: 'finished', done: CONVERSATIONS, passes: CONVERSATIONS });
    const assistantCalls = fake.requests.filter((request) => roleOf(request.body) === 'assistant').length;
    expect(assistantCalls).toBeGreaterThanOrEqual(CONVERSATIONS);
    expect(counter.count() - assistantCalls, `${counter.count()} statements in all`).toBeLessThanOrEqual(BOUND);
    // A usage row per assistant answer and the run's own statements: fewer would mean the counter missed them.
    expect(counter.count()).toBeGreaterThan(assistantCalls);
  });
});
