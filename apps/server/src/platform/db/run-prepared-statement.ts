import type { Database, Transaction } from './database';
import type { PreparedStatement } from './prepare-statement';
import { rowsOf } from './rows-of';

/** Runs a prepared statement on the database or inside a transaction; the rows it returned. */
export async function runPreparedStatement<TRow, TValues extends Record<string, unknown>>(
  db: Database | Transaction,
  statement: PreparedStatement<TValues>,
  values: TValues,
): Promise<TRow[]> {
  const result: unknown = await db._.session
    .prepareQuery(statement.query, undefined, statement.name, false)
    .execute(values);
  return rowsOf<TRow>(result);
}
