import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Counts the statements this process sends to the database, transaction control included
 * (BEGIN, COMMIT, SET LOCAL), on either driver: node-postgres (every `Client.query`, which the
 * pool uses too) and PGlite (`query`, `exec`, and a transaction's BEGIN and COMMIT or ROLLBACK
 * plus the statements run through it). `stop` puts the drivers back.
 */
export function countStatements(): { count: () => number; reset: () => void; stop: () => void } {
  let count = 0;
  /* eslint-disable @typescript-eslint/unbound-method -- kept to be called on their own receivers (apply/call) and put back */
  const clientQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  const pgliteExec = PGlite.prototype.exec;
  const pgliteTransaction = PGlite.prototype.transaction;
  /* eslint-enable @typescript-eslint/unbound-method */
  type PgQuery = (this: pg.Client, ...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: PgQuery }).query = function countedQuery(...args: unknown[]) {
    count += 1;
    return (clientQuery as unknown as PgQuery).apply(this, args);
  };
  PGlite.prototype.query = function countedQuery(this: PGlite, ...args: Parameters<PGlite['query']>) {
    count += 1;
    return pgliteQuery.apply(this, args);
  } as PGlite['query'];
  PGlite.prototype.exec = function countedExec(this: PGlite, ...args: Parameters<PGlite['exec']>) {
    count += 1;
    return pgliteExec.apply(this, args);
  };
  PGlite.prototype.transaction = function countedTransaction<T>(
    this: PGlite,
    callback: Parameters<PGlite['transaction']>[0],
  ) {
    count += 2;
    return pgliteTransaction.call(this, (tx) => {
      const counted = Object.create(tx) as typeof tx;
      counted.query = ((...args: Parameters<typeof tx.query>) => {
        count += 1;
        return tx.query(...args);
      }) as typeof tx.query;
      counted.exec = (...args: Parameters<typeof tx.exec>) => {
        count += 1;
        return tx.exec(...args);
      };
      return callback(counted);
    }) as Promise<T>;
  };
  return {
    count: () => count,
    reset: () => {
      count = 0;
    },
    stop: () => {
      pg.Client.prototype.query = clientQuery;
      PGlite.prototype.query = pgliteQuery;
      PGlite.prototype.exec = pgliteExec;
      PGlite.prototype.transaction = pgliteTransaction;
    },
  };
}
