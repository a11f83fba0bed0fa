import { fillPlaceholders } from 'drizzle-orm';
import { pglitePreparedRouteOf, pipelinedRouteOf, type Database, type Transaction } from './database';
import type { PreparedStatement } from './prepare-statement';
import { rowsOf } from './rows-of';

/**
 * Runs a prepared statement on the database (its own transaction: on PostgreSQL over the
 * pipelined connections, `pipelined-connections.ts`; on PGlite as a named statement,
 * `pglite-prepared-statements.ts`) or inside a transaction (on its connection); the rows it
 * returned.
 */
export async function runPreparedStatement<TRow, TValues extends Record<string, unknown>>(
  db: Database | Transaction,
  statement: PreparedStatement<TValues>,
  values: TValues,
): Promise<TRow[]> {
  const pglite = pglitePreparedRouteOf(db);
  if (pglite) {
    const params = fillPlaceholders(statement.query.params, values);
    return rowsOf<TRow>(
      await pglite.run(statement.name, statement.query.sql, params, { waitsForDisk: statement.waitsForDisk }),
    );
  }
  const result: unknown = await (pipelinedRouteOf(db) ?? db)._.session
    .prepareQuery(statement.query, undefined, statement.name, false)
    .execute(values);
  return rowsOf<TRow>(result);
}
