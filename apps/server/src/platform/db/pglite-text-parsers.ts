import { types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';

type Parsers = PGlite['parsers'];
type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * Values kept as PostgreSQL wrote them: timestamps, dates and intervals (and their arrays), as
 * Drizzle's PGlite driver asks for them with every query (the callers expect the same values on
 * PGlite and PostgreSQL).
 */
export const textParsers: Parsers = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  1231: (value: string) => value,
  1115: (value: string) => value,
  1185: (value: string) => value,
  1187: (value: string) => value,
  1182: (value: string) => value,
};

/** A string no parser of a type keeps as text would give back unchanged. */
const PROBE = '2026-01-02 03:04:05.678+00';

/**
 * Parsers that `textParsers` already gives: every type they name is one of its, and each keeps the
 * value as it was written (Drizzle's do). A parser that turns a date into something else is not.
 */
export function isTextParsers(parsers: object): boolean {
  for (const type in parsers) {
    const parse = (parsers as Record<string, ((value: string) => unknown) | undefined>)[type];
    if (!Object.hasOwn(textParsers, type) || typeof parse !== 'function' || parse(PROBE) !== PROBE) return false;
  }
  return true;
}

/** The options without their parsers when the database already parses that way. */
function withoutTextParsers(options: QueryOptions): QueryOptions {
  return options?.parsers && isTextParsers(options.parsers) ? { ...options, parsers: undefined } : options;
}

/**
 * Makes `textParsers` the database's own and lets queries that ask for them (Drizzle's, every one)
 * leave them out. PGlite merges the parsers passed with a query into a copy of all of its own, about
 * 320 of them: some 140 µs a query on this machine, more than half of a simple query's time. With
 * them in its own set, a query that names no parsers is read the same way without the copy. A query
 * that asks for other parsers still gets them. The methods are looked up on PGlite's prototype at
 * each call, so what wraps them there (the tests' statement counter) still sees every call; PGlite
 * rebuilds its array parsers in `refreshArrayTypes`, after which the text ones are put back.
 */
export function useTextParsers(client: PGlite): void {
  const driver = Object.getPrototypeOf(client) as PGlite;
  Object.assign(client.parsers, textParsers);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    driver.query.call(client, text, params, withoutTextParsers(options)) as Promise<Results<T>>;
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    driver.transaction.call(client, (tx) => {
      const txQuery = tx.query.bind(tx);
      const wrapped = Object.create(tx, {
        query: {
          value: (text: string, params?: unknown[], options?: QueryOptions) =>
            txQuery(text, params, withoutTextParsers(options)),
        },
      }) as Transaction;
      return callback(wrapped);
    }) as Promise<T>;
  client.refreshArrayTypes = async () => {
    await driver.refreshArrayTypes.call(client);
    Object.assign(client.parsers, textParsers);
  };
}
