/**
 * The database worker: PGlite on its own thread (`pglite-on-worker.ts` starts it), so that
 * PostgreSQL's work, which PGlite runs synchronously in WebAssembly, does not hold up the server's
 * thread (requests, streams, the providers' answers). Requests run one at a time, in the order they
 * arrive; the client sends a transaction's statements only between its `begin` and its end.
 *
 * Commits are flushed to the disk together (a group commit, `pglite-group-commit.ts`): the session
 * commits without waiting for the disk, and no answer leaves this thread before what it reports is
 * on the disk (but a statement's that says its commit need not wait). PostgreSQL still flushes the log itself before it writes a changed page, so the
 * order that keeps its files whole is kept.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TransactionAbortedError, type PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { openPgliteClient } from './open-pglite-client';
import { createGroupCommitRunner } from './pglite-group-commit';
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

async function serve(port: NonNullable<typeof parentPort>, data: PgliteWorkerData): Promise<void> {
  let opened: Awaited<ReturnType<typeof openPgliteClient>>;
  try {
    opened = await openPgliteClient({ location: data.location, migrationsFolder: data.migrationsFolder });
    // Commits wait for the disk through the group commit's flushes (pglite-group-commit.ts).
    await opened.client.exec('set synchronous_commit = off');
  } catch (error) {
    port.postMessage({ id: 0, error: toTransferredError(error) } satisfies PgliteWorkerResponse);
    return;
  }
  const { client, prepared } = opened;
  let closingId: number | undefined;
  const runner = createGroupCommitRunner({
    run: (request) => {
      if (request.op === 'close') closingId = request.id;
      return handle(client, prepared, request);
    },
    isInTransaction: () => client.isInTransaction(),
    flushLog: async () => {
      await prepared.run('worker_flush_log', FLUSH_LOG, []);
    },
    post: (response) => {
      try {
        port.postMessage(response);
      } catch (error) {
        // A result that cannot cross the threads (a value structured cloning refuses): its caller
        // gets the error, and the requests behind it still run.
        port.postMessage({ id: response.id, error: toTransferredError(error) } satisfies PgliteWorkerResponse);
      }
      if (response.id === closingId) port.close();
    },
  });
  port.on('message', (request: PgliteWorkerRequest) => runner.add(request));
  port.postMessage({ id: 0, result: null } satisfies PgliteWorkerResponse);
}

if (parentPort) void serve(parentPort, workerData as PgliteWorkerData);
