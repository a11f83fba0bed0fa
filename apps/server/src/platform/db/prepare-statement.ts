import { Placeholder, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement of a hot path, turned into SQL text once when its module loads, and sent by name:
 * each PostgreSQL connection, and PGlite (`pglite-prepared-statements.ts`), parses and plans it on
 * first use only, then runs it with new values. `TValues` names the values of its
 * `sql.placeholder`s.
 */
export type PreparedStatement<TValues extends Record<string, unknown>> = {
  name: string;
  query: Query;
  /**
   * False for a statement whose commit need not wait for the disk (it turns `synchronous_commit`
   * off for itself): the database worker answers it without waiting for its group commit's flush.
   */
  waitsForDisk: boolean;
  /** Never set: carries the placeholders' names and types. */
  values?: TValues;
};

const dialect = new PgDialect();

/**
 * Builds `query` (with `sql.placeholder(name)` for every value) once; `name` must be unique to
 * it. A placeholder used several times is one parameter, sent once (it must be of one type
 * wherever it is used).
 */
export function prepareStatement<TValues extends Record<string, unknown>>(
  name: string,
  query: SQL,
  options: { waitsForDisk?: boolean } = {},
): PreparedStatement<TValues> {
  const built = dialect.sqlToQuery(query);
  const params: unknown[] = [];
  const positions = new Map<string, number>();
  /** The new position of each parameter as built, by its 1-based number. */
  const renumbered = built.params.map((param) => {
    if (!(param instanceof Placeholder)) return params.push(param);
    const { name: key } = param as Placeholder<string>;
    const known = positions.get(key);
    if (known !== undefined) return known;
    positions.set(key, params.push(param));
    return params.length;
  });
  const text = built.sql.replace(/\$(\d+)/g, (_match, number: string) => `$${renumbered[Number(number) - 1]}`);
  return { name, query: { sql: text, params }, waitsForDisk: options.waitsForDisk ?? true };
}
