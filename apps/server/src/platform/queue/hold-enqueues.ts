import type { JobQueue } from '../../platform/queue/job-queue';

type HeldJob = { queue: string; payload: unknown; options?: { jobId?: string; attempts?: number } };

/**
 * A queue that keeps its jobs until `release`: for work started inside a transaction, whose
 * worker must not look for the rows before they are committed (nor at all when it rolls back).
 */
export function holdEnqueues(queue: JobQueue): { queue: JobQueue; release: () => Promise<void> } {
  const held: HeldJob[] = [];
  return {
    queue: {
      ...queue,
      enqueue: (name, payload, options) => {
        held.push({ queue: name, payload, ...(options ? { options } : {}) });
        return Promise.resolve(options?.jobId ?? '');
      },
    },
    release: async () => {
      for (const job of held.splice(0)) await queue.enqueue(job.queue, job.payload, job.options);
    },
  };
}
