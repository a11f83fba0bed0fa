export type JobHandler<T> = (payload: T, job: { id: string; attempt: number }) => Promise<void>;

/** Long work (evaluation runs, question generation, agent builds) runs here, never in a request. */
export type JobQueue = {
  mode: 'in-process' | 'redis';
  /** Adds a job; a given `jobId` makes a repeated enqueue a no-op. Answers the job id. */
  enqueue: <T>(queue: string, payload: T, options?: { jobId?: string; attempts?: number }) => Promise<string>;
  /** Starts processing a queue in this process. */
  work: <T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }) => void;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};
