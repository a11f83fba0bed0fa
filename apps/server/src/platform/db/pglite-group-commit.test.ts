import { describe, expect, it } from 'vitest';
import { createGroupCommitRunner, MAX_HELD_ANSWERS } from './pglite-group-commit';
import type { PgliteWorkerRequest, PgliteWorkerResponse } from './pglite-worker-protocol';

/**
 * The runner over a fake database that records what happens, in order: `run <id>`, `flush`,
 * `answer <id>` (or `error <id>: <message>`). Requests added between two `arrive()` calls arrive
 * together, as the worker's port hands over what came in while it was busy.
 */
function harness(options: { failingFlushes?: number; failingRuns?: number[] } = {}) {
  const events: string[] = [];
  let inTransaction = false;
  let failingFlushes = options.failingFlushes ?? 0;
  const starts: (() => void)[] = [];
  let nextId = 1;
  const runner = createGroupCommitRunner({
    run: async (request) => {
      events.push(`run ${request.id}`);
      await Promise.resolve();
      if (request.op === 'begin') inTransaction = true;
      if (request.op === 'commit' || request.op === 'rollback') inTransaction = false;
      if (options.failingRuns?.includes(request.id)) throw new Error('statement failed');
      return request.id;
    },
    isInTransaction: () => inTransaction,
    flushLog: async () => {
      events.push('flush');
      await Promise.resolve();
      if (failingFlushes > 0) {
        failingFlushes -= 1;
        throw new Error('flush failed');
      }
    },
    post: (response: PgliteWorkerResponse) =>
      events.push(response.error ? `error ${response.id}: ${response.error.message}` : `answer ${response.id}`),
    schedule: (start) => starts.push(start),
  });
  const send = (op: PgliteWorkerRequest['op'], options: { waitsForDisk?: boolean } = {}): number => {
    const id = nextId++;
    const request = (
      op === 'query'
        ? { id, op, text: 'select 1', params: [], rowMode: undefined }
        : op === 'prepared'
          ? { id, op, name: 'statement', text: 'select 1', params: [], ...options }
          : { id, op }
    ) as PgliteWorkerRequest;
    runner.add(request);
    return id;
  };
  /** Lets the requests sent so far run, and waits until the run is over. */
  const arrive = async () => {
    const start = starts.shift();
    start?.();
    for (let turn = 0; turn < 200; turn += 1) await Promise.resolve();
  };
  return { events, send, arrive };
}

describe('the database worker’s group commit', () => {
  it('answers a statement on its own only after a flush of the log', async () => {
    const { events, send, arrive } = harness();
    send('prepared');
    await arrive();
    expect(events).toEqual(['run 1', 'flush', 'answer 1']);
  });

  it('flushes once for the statements that arrived together, and answers them in order', async () => {
    const { events, send, arrive } = harness();
    send('prepared');
    send('query');
    send('prepared');
    await arrive();
    expect(events).toEqual(['run 1', 'run 2', 'run 3', 'flush', 'answer 1', 'answer 2', 'answer 3']);
  });

  it('answers at once a statement whose commit need not wait for the disk, unless an answer before it is held', async () => {
    const { events, send, arrive } = harness();
    send('prepared', { waitsForDisk: false });
    await arrive();
    expect(events).toEqual(['run 1', 'answer 1']);
    events.length = 0;
    send('prepared');
    send('prepared', { waitsForDisk: false });
    await arrive();
    expect(events).toEqual(['run 2', 'run 3', 'flush', 'answer 2', 'answer 3']);
  });

  it('answers a failed statement on its own in its turn, after the flush', async () => {
    const { events, send, arrive } = harness({ failingRuns: [1] });
    send('query');
    send('query');
    await arrive();
    expect(events).toEqual(['run 1', 'run 2', 'flush', 'error 1: statement failed', 'answer 2']);
  });

  it('flushes before a transaction begins, answers its statements at once, and holds its commit until a flush', async () => {
    const { events, send, arrive } = harness();
    send('prepared');
    send('begin');
    send('query');
    await arrive();
    expect(events).toEqual(['run 1', 'flush', 'answer 1', 'run 2', 'answer 2', 'run 3', 'answer 3']);
    events.length = 0;
    send('query');
    send('commit');
    await arrive();
    expect(events).toEqual(['run 4', 'answer 4', 'run 5', 'flush', 'answer 5']);
  });

  it('answers a rollback at once, with nothing to flush', async () => {
    const { events, send, arrive } = harness();
    send('begin');
    send('query');
    send('rollback');
    await arrive();
    expect(events).toEqual(['run 1', 'answer 1', 'run 2', 'answer 2', 'run 3', 'answer 3']);
  });

  it(`flushes after ${MAX_HELD_ANSWERS} held answers, not only at the end`, async () => {
    const { events, send, arrive } = harness();
    for (let index = 0; index < MAX_HELD_ANSWERS + 3; index += 1) send('prepared');
    await arrive();
    const flushes = events.flatMap((event, index) => (event === 'flush' ? [index] : []));
    expect(flushes).toHaveLength(2);
    // The first flush comes after the first MAX_HELD_ANSWERS runs, before any answer.
    expect(events.slice(0, flushes[0]).every((event) => event.startsWith('run '))).toBe(true);
    expect(events.slice(0, flushes[0])).toHaveLength(MAX_HELD_ANSWERS);
    expect(events.filter((event) => event.startsWith('answer '))).toHaveLength(MAX_HELD_ANSWERS + 3);
  });

  it('answers the held statements with the error of a failed flush, and begins no transaction until a flush succeeds', async () => {
    const { events, send, arrive } = harness({ failingFlushes: 2 });
    send('prepared');
    send('prepared');
    await arrive();
    expect(events).toEqual(['run 1', 'run 2', 'flush', 'error 1: flush failed', 'error 2: flush failed']);
    events.length = 0;
    send('begin');
    await arrive();
    expect(events).toEqual(['flush', 'error 3: flush failed']);
    events.length = 0;
    send('begin');
    await arrive();
    expect(events).toEqual(['flush', 'run 4', 'answer 4']);
  });

  it('flushes before the database closes, and answers what comes after with an error', async () => {
    const { events, send, arrive } = harness();
    send('prepared');
    send('close');
    send('query');
    await arrive();
    expect(events).toEqual(['run 1', 'flush', 'answer 1', 'run 2', 'answer 2', 'error 3: The database is closed.']);
  });

  it('starts one run for the requests that arrive together, and another for the next ones', async () => {
    const { events, send, arrive } = harness();
    send('prepared');
    send('prepared');
    await arrive();
    send('prepared');
    await arrive();
    expect(events).toEqual(['run 1', 'run 2', 'flush', 'answer 1', 'answer 2', 'run 3', 'flush', 'answer 3']);
  });
});
