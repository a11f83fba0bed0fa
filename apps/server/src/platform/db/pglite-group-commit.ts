import { toTransferredError, type PgliteWorkerRequest, type PgliteWorkerResponse } from './pglite-worker-protocol';

/** Answers held at most before a flush, should requests keep arriving while others run. */
export const MAX_HELD_ANSWERS = 64;

/**
 * The database worker's requests, run one at a time in the order they arrive, with a group commit:
 * the session commits without waiting for the disk, and the answer to a statement run on its own or
 * to a commit is held back until one flush of the log (`flushLog`) has covered it. The log is
 * flushed when the requests that arrived together have all run, before a transaction begins (what
 * it reads is on the disk, and its own statements are answered at once) or the database closes,
 * and after MAX_HELD_ANSWERS held answers. PostgreSQL writes its log in order, so one flush makes
 * every commit before it durable. Answers leave in the order their requests ran: one behind a held
 * answer is held too. A statement that says its commit need not wait for the disk (`waitsForDisk`
 * false: it turned `synchronous_commit` off for itself) is answered at once unless an answer before
 * it is held, and does not call for a flush: the next flush covers it. A failed flush answers the
 * held requests with its error (what they did is not known to be on the disk) and is tried again
 * with the next flush; a transaction does not begin until one succeeds.
 *
 * `run` runs a request (its result, or it throws), `isInTransaction` tells whether a transaction is
 * open, `post` sends an answer. `schedule` starts a run once the requests arriving now are queued.
 */
export function createGroupCommitRunner(options: {
  run: (request: PgliteWorkerRequest) => Promise<unknown>;
  isInTransaction: () => boolean;
  flushLog: () => Promise<void>;
  post: (response: PgliteWorkerResponse) => void;
  schedule?: (start: () => void) => void;
}) {
  const { run, isInTransaction, flushLog, post } = options;
  const schedule = options.schedule ?? ((start) => setImmediate(start));
  const queue: PgliteWorkerRequest[] = [];
  let held: PgliteWorkerResponse[] = [];
  /** A commit may be in the log and not yet on the disk. */
  let isLogDirty = false;
  let isScheduled = false;
  let isClosed = false;

  /** Flushes the log if a commit may wait in it, and sends the held answers; the flush's failure, if it failed. */
  async function flushAndAnswer(): Promise<unknown> {
    if (held.length === 0 && !isLogDirty) return undefined;
    const answers = held;
    held = [];
    let failure: unknown;
    try {
      await flushLog();
      isLogDirty = false;
    } catch (error) {
      failure = error;
    }
    for (const answer of answers)
      post(failure === undefined || answer.error ? answer : { id: answer.id, error: toTransferredError(failure) });
    return failure;
  }

  async function runQueue() {
    try {
      for (let request = queue.shift(); request; request = queue.shift()) {
        if (isClosed) {
          post({ id: request.id, error: toTransferredError(new Error('The database is closed.')) });
          continue;
        }
        if (request.op === 'begin' || request.op === 'close') {
          const failure = await flushAndAnswer();
          // A transaction would read what may not be on the disk: it does not begin.
          if (failure !== undefined && request.op === 'begin') {
            post({ id: request.id, error: toTransferredError(failure) });
            continue;
          }
        }
        const isCommitting =
          request.op === 'commit' ||
          (request.op === 'query' && !isInTransaction()) ||
          (request.op === 'prepared' && request.waitsForDisk !== false && !isInTransaction());
        let response: PgliteWorkerResponse;
        try {
          response = { id: request.id, result: await run(request) };
        } catch (error) {
          response = { id: request.id, error: toTransferredError(error) };
        }
        if (request.op === 'close') {
          // Nothing is held (the log was flushed first), and nothing runs after it.
          isClosed = true;
          post(response);
          continue;
        }
        if (isCommitting) isLogDirty = true;
        if (isCommitting || held.length > 0) held.push(response);
        else post(response);
        if ((queue.length === 0 || held.length >= MAX_HELD_ANSWERS) && !isInTransaction()) await flushAndAnswer();
      }
    } finally {
      isScheduled = false;
    }
  }

  return {
    /** Queues a request; a run starts once the requests arriving now are queued too. */
    add(request: PgliteWorkerRequest) {
      queue.push(request);
      if (isScheduled) return;
      isScheduled = true;
      // The worker's port hands requests over one at a time, each followed by its promises' work:
      // a run started at the first would be over, flush and all, before the second arrived.
      schedule(() => void runQueue());
    },
  };
}
