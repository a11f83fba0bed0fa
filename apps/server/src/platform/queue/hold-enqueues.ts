import type { JobQueue } from './job-queue';

type HeldJob = Parameters<JobQueue['enqueue']>;

/**
 * A queue that keeps its jobs until `release`: for work started inside a transaction, whose
 * worker must not look for the rows before they are committed (nor at all when it rolls back).
 */
export function holdEnqueues(queue: JobQueue): { queue: JobQueue; release: () => Promise<void> } {
  const held: HeldJob[] = [];
  return {
    queue: {
      ...queue,
      enqueue: (...job) => {
        held.push(job);
        return Promise.resolve(job[2]?.jobId ?? '');
      },
    },
    release: async () => {
      for (const job of held.splice(0)) await queue.enqueue(...job);
    },
  };
}
