import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';
import type { PreparedStatement } from '../platform/db/prepare-statement';
import { rowsOf } from '../platform/db/rows-of';

/**
 * The generic plan of a prepared statement, the one made without its values, which PostgreSQL
 * switches to after a few runs of a named statement, as EXPLAIN's JSON text (on PGlite too, where
 * the product names its statements as well).
 */
export async function readGenericPlan(
  db: Database,
  statement: PreparedStatement<Record<string, unknown>>,
): Promise<string> {
  const { sql: text, params } = statement.query;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    // A name of its own: a prepared statement outlives a failed transaction on its connection.
    const name = `generic_plan_${randomUUID().replaceAll('-', '')}`;
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const nulls = params.map(() => 'null').join(', ');
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql.raw(`explain (format json) execute ${name}(${nulls})`)),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    return JSON.stringify(row);
  });
}

/** Relations a plan (readGenericPlan's text) reads whole, through a Seq Scan node, by name. */
export function listSeqScannedRelations(plan: string): string[] {
  return [...plan.matchAll(/"Node Type":"Seq Scan"[^{}]*?"Relation Name":"(\w+)"/g)].map((match) => match[1] ?? '');
}

/** The index conditions of every node of a plan (readGenericPlan's text) that reads `indexName`. */
export function listIndexConditions(plan: string, indexName: string): string[] {
  const conditions: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const fields = node as Record<string, unknown>;
    const condition = fields['Index Cond'];
    if (fields['Index Name'] === indexName) conditions.push(typeof condition === 'string' ? condition : '');
    Object.values(fields).forEach(visit);
  };
  visit(JSON.parse(plan));
  return conditions;
}
