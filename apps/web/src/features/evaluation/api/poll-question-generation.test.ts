import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuestionGenerationResults } from '@agentry/core/evaluation';
import { pollQuestionGeneration } from './poll-question-generation';

const empty: QuestionGenerationResults = { industry: [], angry: [], compliance: [], prompthacking: [], custom: {} };
const reply = (status: string, results = empty) => ({ success: true, data: { status, results: { results } } });

function stubFetch(answer: () => { status?: number; body: unknown }) {
  const fetchMock = vi.fn((_input: string, _init?: RequestInit) => {
    const { status = 200, body } = answer();
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function settle<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as Error }),
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pollQuestionGeneration', () => {
  it('asks every 3 s until the job is complete and answers its results', async () => {
    let calls = 0;
    const done = { ...empty, industry: [{ question: 'Q', criteria: 'C' }] };
    const fetchMock = stubFetch(() => {
      calls += 1;
      return { body: calls < 3 ? reply('running') : reply('complete', done) };
    });
    const result = settle(pollQuestionGeneration('gen 1'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/questiongenerator/gen%201');
    await vi.advanceTimersByTimeAsync(6000);
    expect(await result).toEqual({ ok: true, value: { results: done, failure: null } });
  });

  it('answers the questions of a job that completed without some categories, with what failed', async () => {
    const why =
      "Could not write the angry customer questions: the testing model's answer was not the list of questions asked for. Try again; if it keeps happening, choose another testing model.";
    const done = { ...empty, industry: [{ question: 'Q', criteria: 'C' }] };
    stubFetch(() => ({
      body: { success: true, data: { status: 'complete', results: { results: done }, error: why } },
    }));
    const result = settle(pollQuestionGeneration('partial'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(await result).toEqual({ ok: true, value: { results: done, failure: why } });
  });

  it('gives up after 100 attempts with the time-out text', async () => {
    const fetchMock = stubFetch(() => ({ body: reply('pending') }));
    const result = settle(pollQuestionGeneration('slow'));
    await vi.advanceTimersByTimeAsync(99 * 3000);
    expect(fetchMock).toHaveBeenCalledTimes(99);
    await vi.advanceTimersByTimeAsync(3000);
    const outcome = await result;
    expect(fetchMock).toHaveBeenCalledTimes(100);
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: Error }).error.message).toBe('Question generation timed out. Please try again.');
  });

  it("raises what the failed job says (which step, why, what to do), else 'Failed to generate questions'", async () => {
    const why =
      "Could not write the industry questions: the testing model's answer was not the list of questions asked for. Try again; if it keeps happening, choose another testing model.";
    stubFetch(() => ({
      body: { success: true, data: { status: 'failed', results: { results: empty }, error: why } },
    }));
    const failed = settle(pollQuestionGeneration('x'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(((await failed) as { error: Error }).error.message).toBe(why);

    stubFetch(() => ({ body: { success: true, data: { status: 'failed', results: { results: empty } } } }));
    const unexplained = settle(pollQuestionGeneration('z'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(((await unexplained) as { error: Error }).error.message).toBe('Failed to generate questions');

    stubFetch(() => ({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }));
    const broken = settle(pollQuestionGeneration('y'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(((await broken) as { error: Error }).error.message).toBe('Failed to generate questions');
  });

  it('stops quietly when aborted', async () => {
    const fetchMock = stubFetch(() => ({ body: reply('running') }));
    const controller = new AbortController();
    const result = settle(pollQuestionGeneration('z', controller.signal));
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(((await result) as { error: Error }).error.name).toBe('AbortError');
  });
});
