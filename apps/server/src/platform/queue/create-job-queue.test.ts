import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobQueue, IN_PROCESS_KEPT_JOB_IDS } from './create-job-queue';

const logger = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the in-process job queue', () => {
  it('runs a job id once while it is queued or recent, and forgets old ids instead of keeping every one', async () => {
    const queue = createJobQueue({ logger });
    const ran: string[] = [];
    queue.work<{ n: number }>('jobs', (payload, job) => {
      ran.push(`${job.id}:${payload.n}`);
      return Promise.resolve();
    });
    await queue.enqueue('jobs', { n: 1 }, { jobId: 'a' });
    await queue.enqueue('jobs', { n: 2 }, { jobId: 'a' });
    await settle();
    // Done, and still among the recent ids: asking again is a no-op, as with BullMQ's kept jobs.
    await queue.enqueue('jobs', { n: 3 }, { jobId: 'a' });
    await settle();
    expect(ran).toEqual(['a:1']);
    for (let index = 0; index < IN_PROCESS_KEPT_JOB_IDS; index += 1)
      await queue.enqueue('jobs', { n: 0 }, { jobId: `filler-${index}` });
    await settle();
    // Long done: forgotten, so memory stays bounded (a reply job checks for itself that it ran).
    await queue.enqueue('jobs', { n: 4 }, { jobId: 'a' });
    await settle();
    expect(ran.filter((entry) => entry.startsWith('a:'))).toEqual(['a:1', 'a:4']);
    await queue.close();
  });

  it('closes after the jobs running finish, and starts no queued one meanwhile', async () => {
    const queue = createJobQueue({ logger });
    let finish: () => void = () => undefined;
    const ran: number[] = [];
    queue.work<{ n: number }>('jobs', async (payload) => {
      ran.push(payload.n);
      if (payload.n === 1) await new Promise<void>((resolve) => (finish = resolve));
    });
    await queue.enqueue('jobs', { n: 1 });
    await queue.enqueue('jobs', { n: 2 });
    await settle();
    let isClosed = false;
    const closing = queue.close().then(() => (isClosed = true));
    await settle();
    expect(isClosed).toBe(false);
    finish();
    await closing;
    expect(ran).toEqual([1]);
  });
});
