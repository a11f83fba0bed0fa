import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement of a hot path, turned into SQL text once when its module loads, and sent by name:
 * on PostgreSQL each connection parses and plans it on first use only, then runs it with new
 * values (PGlite, in the process, runs it as it is). `TValues` names the values of its
 * `sql.placeholder`s.
 */
export type PreparedStatement<TValues extends Record<string, unknown>> = {
  name: string;
  query: Query;
  /** Never set: carries the placeholders' names and types. */
  values?: TValues;
};

const dialect = new PgDialect();

/** Builds `query` (with `sql.placeholder(name)` for every value) once; `name` must be unique to it. */
export function prepareStatement<TValues extends Record<string, unknown>>(
  name: string,
  query: SQL,
): PreparedStatement<TValues> {
  return { name, query: dialect.sqlToQuery(query) };
}
