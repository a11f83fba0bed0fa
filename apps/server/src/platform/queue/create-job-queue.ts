import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobQueue } from './job-queue';

export function createJobQueue(options: { redisUrl?: string; logger: FastifyBaseLogger; prefix?: string }): JobQueue {
  return options.redisUrl
    ? createBullQueue(options.redisUrl, options.logger, options.prefix)
    : createInProcessQueue(options.logger);
}

type PendingJob = { id: string; payload: unknown; attempt: number; attempts: number };

/**
 * Ids of ended jobs the in-process queue still answers "already queued" for, as BullMQ keeps its
 * latest done and failed jobs: beyond them the oldest are forgotten, so a long-running server
 * does not keep every id it ever saw.
 */
export const IN_PROCESS_KEPT_JOB_IDS = 5000;

function createInProcessQueue(logger: FastifyBaseLogger): JobQueue {
  const pending = new Map<string, PendingJob[]>();
  const workers = new Map<string, { handler: JobHandler<unknown>; concurrency: number; running: number }>();
  /** Queued, running and recently ended jobs (`queue:id`). */
  const seen = new Set<string>();
  /** Ended jobs, oldest first, while they are kept in `seen`. */
  const ended: string[] = [];
  let isClosed = false;
  /** Handlers running now: closing waits for them (the database closes after the queue). */
  const running = new Set<Promise<unknown>>();
  const forgetWhenOld = (key: string) => {
    ended.push(key);
    while (ended.length > IN_PROCESS_KEPT_JOB_IDS) seen.delete(ended.shift() as string);
  };

  function drain(queue: string) {
    const worker = workers.get(queue);
    const jobs = pending.get(queue);
    if (!worker || !jobs) return;
    while (!isClosed && worker.running < worker.concurrency && jobs.length > 0) {
      const job = jobs.shift() as PendingJob;
      worker.running += 1;
      const run = worker
        .handler(job.payload, { id: job.id, attempt: job.attempt })
        .then(
          () => forgetWhenOld(`${queue}:${job.id}`),
          (error: unknown) => {
            logger.error({ err: error, queue, jobId: job.id, attempt: job.attempt }, 'job failed');
            if (job.attempt < job.attempts) jobs.push({ ...job, attempt: job.attempt + 1 });
            else forgetWhenOld(`${queue}:${job.id}`);
          },
        )
        .finally(() => {
          worker.running -= 1;
          running.delete(run);
          drain(queue);
        });
      running.add(run);
    }
  }

  return {
    mode: 'in-process',
    enqueue(queue, payload, options = {}) {
      const id = options.jobId ?? randomUUID();
      if (seen.has(`${queue}:${id}`)) return Promise.resolve(id);
      seen.add(`${queue}:${id}`);
      const jobs = pending.get(queue) ?? [];
      jobs.push({ id, payload, attempt: 1, attempts: options.attempts ?? 1 });
      pending.set(queue, jobs);
      queueMicrotask(() => drain(queue));
      return Promise.resolve(id);
    },
    work(queue, handler, options = {}) {
      workers.set(queue, {
        handler: handler as JobHandler<unknown>,
        concurrency: options.concurrency ?? 1,
        running: 0,
      });
      drain(queue);
    },
    ping: () => Promise.resolve(true),
    async close() {
      // Like BullMQ's worker.close(): no job starts any more, the running ones finish (a reply
      // being written is sent and stored before the database closes). The process's own shutdown
      // timer bounds the wait.
      isClosed = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

function createBullQueue(redisUrl: string, logger: FastifyBaseLogger, prefix: string | undefined): JobQueue {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  let pingClient: Redis | undefined;
  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queues.set(name, queue);
    }
    return queue;
  };
  return {
    mode: 'redis',
    async enqueue(name, payload, options = {}) {
      const job = await queueFor(name).add(name, payload, {
        jobId: options.jobId,
        attempts: options.attempts ?? 1,
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
      return job.id ?? options.jobId ?? '';
    },
    work(name, handler, options = {}) {
      const worker = new Worker(
        name,
        (job) => handler(job.data as never, { id: job.id ?? '', attempt: job.attemptsMade + 1 }),
        {
          connection,
          prefix,
          concurrency: options.concurrency ?? 1,
        },
      );
      worker.on('failed', (job, error) => logger.error({ err: error, queue: name, jobId: job?.id }, 'job failed'));
      workers.push(worker);
    },
    async ping() {
      pingClient ??= new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      return pingClient.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      );
    },
    async close() {
      await pingClient?.quit();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}
