import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';
import type { PreparedStatement } from '../platform/db/prepare-statement';
import { rowsOf } from '../platform/db/rows-of';

/**
 * The plan PostgreSQL (or PGlite) runs a prepared statement with once it has switched to its
 * generic plan, the one made without the values, as EXPLAIN's JSON text.
 */
export async function genericPlanOf(
  db: Database,
  statement: PreparedStatement<Record<string, unknown>>,
): Promise<string> {
  const { sql: text, params } = statement.query;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan_check as ${text}`));
    const nulls = params.map(() => 'null').join(', ');
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql.raw(`explain (format json) execute generic_plan_check(${nulls})`)),
    );
    await tx.execute(sql.raw('deallocate generic_plan_check'));
    return JSON.stringify(row);
  });
}

/** Relations a plan (genericPlanOf's text) reads whole, through a Seq Scan node, by name. */
export function seqScannedRelations(plan: string): string[] {
  return [...plan.matchAll(/"Node Type":"Seq Scan"[^{}]*?"Relation Name":"(\w+)"/g)].map((match) => match[1] ?? '');
}
