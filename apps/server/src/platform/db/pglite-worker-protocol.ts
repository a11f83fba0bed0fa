/** What the server's thread and the database worker (`pglite-worker.ts`) say to each other. */

/** What the worker opens: PGlite's files and the migrations to apply. */
export type PgliteWorkerData = { location: string; migrationsFolder: string };

/**
 * One request. `query` runs as PGlite's `query` does; `prepared` runs a named
 * statement (`pglite-prepared-statements.ts`), answered before the log's flush when `waitsForDisk`
 * is false (pglite-group-commit.ts); `begin`, `commit` and `rollback` frame a
 * transaction whose statements are the requests between them (the client sends nothing else
 * meanwhile); `close` closes the database.
 */
export type PgliteWorkerRequest = { id: number } & (
  | { op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object' | undefined }
  | { op: 'prepared'; name: string; text: string; params: unknown[]; waitsForDisk?: boolean }
  | { op: 'begin' | 'commit' | 'rollback' | 'close' }
);

/** An error as it crosses the threads: its message, name, own fields (a PostgreSQL error's `code`...) and cause. */
export type TransferredError = {
  message: string;
  name: string;
  fields: Record<string, unknown>;
  cause: TransferredError | undefined;
};

/** The answer to request `id`; `ready` (id 0) answers the opening. */
export type PgliteWorkerResponse =
  { id: number; result: unknown; error?: undefined } | { id: number; error: TransferredError; result?: undefined };

const CLONEABLE = new Set(['string', 'number', 'boolean', 'bigint', 'undefined']);

/** `error` as data that survives `postMessage` (an Error's own fields would not). */
export function toTransferredError(error: unknown): TransferredError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {}, cause: undefined };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'cause' && (value === null || CLONEABLE.has(typeof value))) fields[key] = value;
  }
  return {
    message: error.message,
    name: error.name,
    fields,
    cause: error.cause === undefined ? undefined : toTransferredError(error.cause),
  };
}

/** The error again, on this side: an Error with the same message, name, fields and cause. */
export function fromTransferredError(transferred: TransferredError): Error {
  const cause = transferred.cause ? fromTransferredError(transferred.cause) : undefined;
  const error = new Error(transferred.message, cause ? { cause } : undefined);
  Object.assign(error, transferred.fields);
  error.name = transferred.name;
  return error;
}
