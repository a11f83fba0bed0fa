/**
 * The database worker: PGlite on its own thread (`pglite-on-worker.ts` starts it), so that
 * PostgreSQL's work, which PGlite runs synchronously in WebAssembly, does not hold up the server's
 * thread (requests, streams, the providers' answers). Requests run one at a time, in the order they
 * arrive; the client sends a transaction's statements only between its `begin` and its end.
 *
 * Commits are flushed to the disk together (a group commit). The session commits without waiting
 * for the disk (`synchronous_commit` off), and the answer to a statement run on its own or to a
 * commit is held back until one flush of the log has covered it: when the requests that arrived
 * together have all run, and before a transaction begins or the database closes. PostgreSQL writes
 * its log in order, so that one flush makes every commit before it durable; no answer leaves this
 * thread before what it reports is on the disk, and answers leave in the order their requests ran.
 * A busy server's commits share one flush instead of waiting for one each. PostgreSQL still flushes
 * the log itself before it writes a changed page, so the order that keeps its files whole is kept.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TransactionAbortedError, type PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { openPgliteClient } from './open-pglite-client';
import type { PglitePreparedStatements } from './pglite-prepared-statements';
import {
  toTransferredError,
  type PgliteWorkerData,
  type PgliteWorkerRequest,
  type PgliteWorkerResponse,
} from './pglite-worker-protocol';

async function handle(
  client: PGlite,
  prepared: PglitePreparedStatements,
  request: PgliteWorkerRequest,
): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return client.query(request.text, request.params, request.rowMode ? { rowMode: request.rowMode } : undefined);
    case 'prepared':
      // The runner's error wraps PostgreSQL's with the statement and its values; the client wraps
      // it the same way on its side, so PostgreSQL's alone crosses.
      return prepared.run(request.name, request.text, request.params).catch((error: unknown) => {
        throw error instanceof DrizzleQueryError && error.cause ? error.cause : error;
      });
    case 'begin':
      await client.exec('BEGIN');
      return null;
    case 'commit': {
      // A transaction one of whose statements failed ends with a rollback: as PGlite's own
      // `transaction` does, that is an error, not a commit.
      const [result] = await client.exec('COMMIT');
      if (result?.command === 'ROLLBACK') throw new TransactionAbortedError();
      return null;
    }
    case 'rollback':
      await client.exec('ROLLBACK');
      return null;
    case 'close':
      await client.close();
      return null;
  }
}

/**
 * Flushes the log when something is in it that is not on the disk yet: a message of no consequence,
 * written with its flush (PostgreSQL's one function that flushes the log on demand).
 */
const FLUSH_LOG = `select pg_logical_emit_message(false, 'agentry', '', true)
  where pg_current_wal_insert_lsn() > pg_current_wal_flush_lsn()`;

/** Answers held at most before a flush, should requests keep arriving while others run. */
const MAX_HELD = 64;

/** Whether a request's answer may report a commit: a statement run on its own, or a transaction's commit. */
function isCommitting(request: PgliteWorkerRequest, isInTransaction: boolean): boolean {
  if (request.op === 'commit') return true;
  return (request.op === 'query' || request.op === 'prepared') && !isInTransaction;
}

async function serve(port: NonNullable<typeof parentPort>, data: PgliteWorkerData): Promise<void> {
  let opened: Awaited<ReturnType<typeof openPgliteClient>>;
  try {
    opened = await openPgliteClient({ location: data.location, migrationsFolder: data.migrationsFolder });
    await opened.client.exec('set synchronous_commit = off');
  } catch (error) {
    port.postMessage({ id: 0, error: toTransferredError(error) } satisfies PgliteWorkerResponse);
    return;
  }
  const { client, prepared } = opened;

  function post(response: PgliteWorkerResponse) {
    try {
      port.postMessage(response);
    } catch (error) {
      // A result that cannot cross the threads (a value structured cloning refuses): its caller
      // gets the error, and the requests behind it still run.
      port.postMessage({ id: response.id, error: toTransferredError(error) } satisfies PgliteWorkerResponse);
    }
  }

  /** Answers waiting for the log's flush, in the order their requests ran. */
  let held: PgliteWorkerResponse[] = [];
  async function flushAndAnswer() {
    if (held.length === 0) return;
    const answers = held;
    held = [];
    let failure: unknown;
    try {
      await prepared.run('worker_flush_log', FLUSH_LOG, []);
    } catch (error) {
      failure = error;
    }
    // Not known to be on the disk: reported as the flush's failure.
    for (const answer of answers)
      post(failure === undefined || answer.error ? answer : { id: answer.id, error: toTransferredError(failure) });
  }

  const queue: PgliteWorkerRequest[] = [];
  let isRunning = false;
  let isInTransaction = false;
  async function runQueue() {
    for (let request = queue.shift(); request; request = queue.shift()) {
      // A transaction reads, and a closed database keeps, what is on the disk.
      if (request.op === 'begin' || request.op === 'close') await flushAndAnswer();
      const isHeld = isCommitting(request, isInTransaction) || held.length > 0;
      let response: PgliteWorkerResponse;
      try {
        response = { id: request.id, result: await handle(client, prepared, request) };
      } catch (error) {
        response = { id: request.id, error: toTransferredError(error) };
      }
      if (request.op === 'begin') isInTransaction = !response.error;
      if (request.op === 'commit' || request.op === 'rollback') isInTransaction = false;
      if (isHeld) held.push(response);
      else post(response);
      if (request.op === 'close') port.close();
      // The requests that arrived together have run: one flush answers those that committed.
      if ((queue.length === 0 || held.length >= MAX_HELD) && !isInTransaction) await flushAndAnswer();
    }
    isRunning = false;
  }

  port.on('message', (request: PgliteWorkerRequest) => {
    queue.push(request);
    if (isRunning) return;
    isRunning = true;
    // Started once every request that has arrived is queued: the port hands them over one at a
    // time, and a run started at the first would be over (flush included) before the second.
    setImmediate(() => void runQueue());
  });
  port.postMessage({ id: 0, result: null } satisfies PgliteWorkerResponse);
}

if (parentPort) void serve(parentPort, workerData as PgliteWorkerData);
