import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuilderError, pollBuilderJobOrThrow, requestBuilderOrThrow } from './builder-job';

type Reply = { status: number; body?: unknown } | Error;

const agent = { buildId: 'b1', aiName: 'Dental Receptionist' };
const running = { status: 200, body: { status: 'running' } };
const succeeded = { status: 200, body: { status: 'succeeded', result: { status: 'ready', data: agent } } };

/** Answers the replies in order; the last one repeats. */
function stubFetch(...replies: Reply[]) {
  const fetchMock = vi.fn((_input: string, _init?: RequestInit) => {
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Starts the poll and keeps its rejection observed while timers advance. */
function startPoll(jobId = 'job-1') {
  const promise = pollBuilderJobOrThrow(jobId);
  const settled = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { promise, settled };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pollBuilderJobOrThrow (builder job polling)', () => {
  it('asks every 750 ms, without caching, until the job succeeded, and answers the result', async () => {
    const fetchMock = stubFetch(running, running, succeeded);
    const { settled } = startPoll('job 1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/agent/jobs/job%201');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ cache: 'no-store', credentials: 'include' });

    await vi.advanceTimersByTimeAsync(749);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(750);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await settled).toEqual({ ok: true, value: { status: 'ready', data: agent } });
  });

  it("raises the job's error when it failed, or 'Builder job failed'", async () => {
    stubFetch(running, { status: 200, body: { status: 'failed', error: 'The model answered no agent' } });
    const first = startPoll();
    await vi.advanceTimersByTimeAsync(750);
    expect(await first.settled).toMatchObject({ ok: false, error: new BuilderError('The model answered no agent') });

    stubFetch({ status: 200, body: { status: 'failed' } });
    const second = startPoll();
    await vi.advanceTimersByTimeAsync(0);
    const result = await second.settled;
    expect(result.ok).toBe(false);
    expect((result as { error: Error }).error).toBeInstanceOf(BuilderError);
    expect((result as { error: Error }).error.message).toBe('Builder job failed');
  });

  it("raises 'Builder job not found' on a 404", async () => {
    stubFetch(running, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    const { promise } = startPoll();
    const assertion = expect(promise).rejects.toThrow('Builder job not found');
    await vi.advanceTimersByTimeAsync(750);
    await assertion;
  });

  it("raises 'Failed to fetch builder job status' on a server error, a network failure or a body that is no job", async () => {
    for (const reply of [
      { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } },
      new TypeError('Failed to fetch'),
      { status: 200, body: 'nonsense' },
    ]) {
      stubFetch(reply);
      const { promise } = startPoll();
      const assertion = expect(promise).rejects.toThrow('Failed to fetch builder job status');
      await vi.advanceTimersByTimeAsync(0);
      await assertion;
    }
  });

  it("raises 'Builder job returned empty result' when a succeeded job has no result", async () => {
    stubFetch({ status: 200, body: { status: 'succeeded' } });
    const { promise } = startPoll();
    const assertion = expect(promise).rejects.toThrow('Builder job returned empty result');
    await vi.advanceTimersByTimeAsync(0);
    await assertion;
  });

  it("gives up with 'Builder job timed out' after 120000 ms", async () => {
    const fetchMock = stubFetch(running);
    const { settled } = startPoll();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(fetchMock).toHaveBeenCalledTimes(160);
    let isSettled = false;
    void settled.then(() => (isSettled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await settled;
    expect(result.ok).toBe(false);
    expect((result as { error: Error }).error.message).toBe('Builder job timed out');
    expect(fetchMock).toHaveBeenCalledTimes(161);
  });

  it('stops polling when aborted', async () => {
    const fetchMock = stubFetch(running);
    const controller = new AbortController();
    const promise = pollBuilderJobOrThrow('job-1', { signal: controller.signal });
    const assertion = expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await assertion;
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('requestBuilderOrThrow (builder request helper)', () => {
  it('posts, reports the accepted reply, then polls the job it names', async () => {
    const fetchMock = stubFetch({ status: 202, body: { jobId: 'job-9', buildId: 'b1' } }, succeeded);
    const onAccepted = vi.fn();
    const promise = requestBuilderOrThrow('/api/subaccounts/sa-1/agents/from-idea', {
      body: { idea: 'A receptionist' },
      onAccepted,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(await promise).toEqual({ status: 'ready', data: agent });
    expect(onAccepted).toHaveBeenCalledWith({ jobId: 'job-9', buildId: 'b1' });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/agent/jobs/job-9');
  });

  it("raises the body's error, the server's message, or 'Builder request failed'", async () => {
    stubFetch({ status: 200, body: { error: 'Idea rejected' } });
    await expect(requestBuilderOrThrow('/x', { body: {} })).rejects.toThrow('Idea rejected');
    stubFetch({
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: 'Describe the agent you want to build' } },
    });
    await expect(requestBuilderOrThrow('/x', { body: {} })).rejects.toThrow('Describe the agent you want to build');
    stubFetch({ status: 502 });
    await expect(requestBuilderOrThrow('/x', { body: {} })).rejects.toThrow('Builder request failed');
  });
});
