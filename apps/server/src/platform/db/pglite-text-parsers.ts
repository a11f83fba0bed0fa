import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

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

/** Parsers that `textParsers` already gives: every type they name is one of its. */
function isTextParsers(parsers: object): boolean {
  for (const type in parsers) if (!Object.hasOwn(textParsers, type)) return false;
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
 * that asks for other parsers still gets them.
 */
export function useTextParsers(client: PGlite): void {
  Object.assign(client.parsers, textParsers);
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => query(text, params, withoutTextParsers(options));
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const wrapped = Object.create(tx, {
        query: {
          value: (text: string, params?: unknown[], options?: QueryOptions) =>
            txQuery(text, params, withoutTextParsers(options)),
        },
      }) as Transaction;
      return callback(wrapped);
    });
}
