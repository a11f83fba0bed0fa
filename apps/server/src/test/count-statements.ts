import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Counts the statements this process sends to the database, transaction control included
 * (BEGIN, COMMIT, SET LOCAL), on either driver: node-postgres (every `Client.query`, which the
 * pool uses too) and PGlite (every turn on its connection: a `query` or `exec`, a transaction's BEGIN
 * and COMMIT or ROLLBACK and the statements run through it, and the named statements of
 * `db/pglite-prepared-statements.ts`, which each take one turn). `stop` puts the drivers back.
 */
export function countStatements(): { count: () => number; reset: () => void; stop: () => void } {
  let count = 0;
  /* eslint-disable @typescript-eslint/unbound-method -- kept to be called on their own receivers (apply/call) and put back */
  const clientQuery = pg.Client.prototype.query;
  const pgliteTurn = PGlite.prototype._runExclusiveQuery;
  /* eslint-enable @typescript-eslint/unbound-method */
  type PgQuery = (this: pg.Client, ...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: PgQuery }).query = function countedQuery(...args: unknown[]) {
    count += 1;
    return (clientQuery as unknown as PgQuery).apply(this, args);
  };
  PGlite.prototype._runExclusiveQuery = function countedTurn(
    this: PGlite,
    ...args: Parameters<PGlite['_runExclusiveQuery']>
  ) {
    count += 1;
    return pgliteTurn.apply(this, args);
  } as PGlite['_runExclusiveQuery'];
  return {
    count: () => count,
    reset: () => {
      count = 0;
    },
    stop: () => {
      pg.Client.prototype.query = clientQuery;
      PGlite.prototype._runExclusiveQuery = pgliteTurn;
    },
  };
}
