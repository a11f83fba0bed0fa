import { sql, type SQL } from 'drizzle-orm';

/** Columns as the select list of a hand-written statement, each named by its key (`<column> as "<key>"`). */
export function selectList(columns: Record<string, SQL>): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
}
