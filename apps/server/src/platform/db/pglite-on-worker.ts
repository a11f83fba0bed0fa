import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { PglitePreparedStatements } from './pglite-prepared-statements';
import { isTextParsers } from './pglite-text-parsers';
import {
  fromTransferredError,
  type PgliteWorkerData,
  type PgliteWorkerRequest,
  type PgliteWorkerResponse,
} from './pglite-worker-protocol';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: object } | undefined;
type Request = PgliteWorkerRequest extends infer Each ? (Each extends unknown ? Omit<Each, 'id'> : never) : never;

/**
 * What a transaction's callback gets: the one call Drizzle's PGlite driver makes on one (its
 * `rollback` throws, and the transaction is rolled back below).
 */
export type WorkerTransaction = {
  query: <Row>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<Row>>;
};

/**
 * The worker: beside the bundle (`dist/pglite-worker.js`, built with `dist/main.js`), or, run from
 * source (tests, `npm run dev`), the TypeScript beside this file, loaded through tsx registered in
 * the worker first (its ESM API: tsx's own loader registers itself on the main thread only).
 */
function startWorker(data: PgliteWorkerData): Worker {
  // (A module loaded through tsx's `tsImport` has a query on its URL.)
  if (!new URL(import.meta.url).pathname.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: data });
  const tsxFolder = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxFolder, 'dist/esm/api/index.mjs')).href;
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData: data },
  );
}

/**
 * PGlite on the database worker (`pglite-worker.ts`), as Drizzle's PGlite driver uses a PGlite:
 * `query` and `transaction`. Statements on their own are sent at once, several in flight, and the
 * worker runs them in order. A transaction takes its turn after the ones before it: while one is
 * open or waiting, statements on their own wait for it, so that nothing else runs inside it.
 */
export class PgliteOnWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  /** The transactions (and the statements waiting behind them), in turn. */
  #turns: Promise<void> = Promise.resolve();
  #waiting = 0;
  /** Why the worker can no longer answer. */
  #stopped: Error | undefined;
  #isOpen = false;
  #closing = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (response: PgliteWorkerResponse) => {
      const pending = this.#pending.get(response.id);
      if (!pending) return;
      this.#pending.delete(response.id);
      if (response.error) pending.reject(fromTransferredError(response.error));
      else pending.resolve(response.result);
    });
    worker.on('error', (error) =>
      this.#stop(new Error(`The database worker failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) => this.#stop(new Error(`The database worker stopped (exit code ${code}).`)));
    // An answer that could not be read back: its caller would wait for ever, and a transaction's
    // turn with it, so the worker is treated as stopped.
    worker.on('messageerror', (error) =>
      this.#stop(new Error(`The database worker's answer could not be read: ${error.message}`, { cause: error })),
    );
  }

  /** Starts the worker on PGlite's files at `location` and waits until they are open and migrated. */
  static async open(data: PgliteWorkerData): Promise<PgliteOnWorker> {
    const worker = startWorker(data);
    const client = new PgliteOnWorker(worker);
    try {
      await new Promise((resolve, reject) => client.#pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    client.#isOpen = true;
    return client;
  }

  #stop(reason: Error): void {
    // Open and not asked to close: nothing can reach the database from now on, which the log must tell.
    if (this.#isOpen && !this.#closing && !this.#stopped)
      console.error(`${reason.message} Every database call fails from now on.`);
    this.#stopped ??= reason;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  #send<T>(request: Request): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A value structured cloning refuses (a function, a class's instance): never sent.
        this.#pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Runs `run` after the transactions before it; statements on their own behind it wait for it. */
  #inTurn<T>(run: () => Promise<T>): Promise<T> {
    this.#waiting += 1;
    const turn = this.#turns.then(run);
    const done = () => {
      this.#waiting -= 1;
    };
    this.#turns = turn.then(done, done);
    return turn;
  }

  /**
   * A statement on its own: sent at once unless a transaction is open or waiting; then sent when
   * its turn comes, which ends as soon as it is sent (the worker runs what it gets in order), so
   * the statements behind a transaction go out together, not one round trip at a time.
   */
  #alone<T>(request: Request): Promise<T> {
    if (this.#waiting === 0) return this.#send<T>(request);
    let answer: Promise<T> | undefined;
    return this.#inTurn(() => {
      answer = this.#send<T>(request);
      return Promise.resolve();
    }).then(() => answer as Promise<T>);
  }

  query<Row>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
    return this.#alone(queryRequest(text, params, options));
  }

  /** The named statements (`pglite-prepared-statements.ts`), run by the worker; errors as Drizzle's. */
  readonly prepared: PglitePreparedStatements = {
    run: (name, text, params, options) =>
      this.#alone<Results>({ op: 'prepared', name, text, params, waitsForDisk: options?.waitsForDisk }).catch(
        (error: unknown) => {
          // PostgreSQL's error (the worker sends it unwrapped), or the worker's own (stopped).
          throw new DrizzleQueryError(text, params, error instanceof Error ? error : undefined);
        },
      ),
  };

  transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.#inTurn(async () => {
      await this.#send({ op: 'begin' });
      // Closed once its commit or rollback is sent: a statement sent later would run outside it.
      let closed = false;
      const tx: WorkerTransaction = {
        query: (text, params = [], options) => {
          if (closed) return Promise.reject(new Error('Transaction is closed'));
          return this.#send(queryRequest(text, params, options));
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        closed = true;
        await this.#send({ op: 'rollback' }).catch(() => undefined);
        throw error;
      }
      // A failed commit is not followed by a rollback: PostgreSQL has ended the transaction.
      closed = true;
      await this.#send({ op: 'commit' });
      return result;
    });
  }

  /** Closes the database (after what was sent before), then the worker. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    try {
      await this.#alone({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}

function queryRequest(text: string, params: unknown[], options: QueryOptions): Request {
  // The worker's PGlite reads timestamps, dates and intervals as text already (useTextParsers), as
  // Drizzle asks; other parsers cannot cross to its thread.
  if (options?.parsers && !isTextParsers(options.parsers))
    throw new Error('Only the text parsers can be used with the database worker.');
  return { op: 'query', text, params, rowMode: options?.rowMode };
}
