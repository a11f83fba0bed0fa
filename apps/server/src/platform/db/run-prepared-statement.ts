import type { Database, Transaction } from './database';
import type { PreparedStatement } from './prepare-statement';

/** Runs a prepared statement on the database or inside a transaction; the rows it returned. */
export async function runPreparedStatement<TRow, TValues extends Record<string, unknown>>(
  db: Database | Transaction,
  statement: PreparedStatement<TValues>,
  values: TValues,
): Promise<TRow[]> {
  const result: unknown = await db._.session
    .prepareQuery(statement.query, undefined, statement.name, false)
    .execute(values);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as TRow[]) : [];
}
