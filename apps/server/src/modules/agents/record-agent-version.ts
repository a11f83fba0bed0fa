import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AgentVersionSource } from '@agentry/core/agent-versions';
import type { Database, Transaction } from '../../platform/db/database';
import { agent, agentVersion } from './agents.tables';
import { toAgentBehaviour } from './to-agent-version';

/** A database handle or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Records the agent row's current behaviour as its next version (1, 2, 3...). With `isPublished`,
 * the new version is what visitors get from now on (the previous published one is archived).
 */
export async function recordAgentVersion(options: {
  db: Executor;
  agentRow: typeof agent.$inferSelect;
  source: AgentVersionSource;
  authorUserId: string | null;
  note?: string;
  isPublished?: boolean;
}): Promise<typeof agentVersion.$inferSelect> {
  const { db, agentRow } = options;
  const now = new Date();
  const [row] = await db
    .insert(agentVersion)
    .values({
      id: randomUUID(),
      agentId: agentRow.id,
      number: sql`(select coalesce(max(${agentVersion.number}), 0) + 1 from ${agentVersion} where ${agentVersion.agentId} = ${agentRow.id})`,
      status: options.isPublished ? 'published' : 'draft',
      source: options.source,
      note: options.note ?? '',
      ...toAgentBehaviour(agentRow),
      authorUserId: options.authorUserId,
      createdAt: now,
      ...(options.isPublished ? { publishedAt: now, publishedByUserId: options.authorUserId } : {}),
    })
    .returning();
  if (!row) throw new Error('agent version insert returned nothing');
  if (options.isPublished) await markPublished({ db, agentId: agentRow.id, versionId: row.id });
  return row;
}

/** Points the agent at the version and archives the one published before. */
export async function markPublished(options: { db: Executor; agentId: string; versionId: string }) {
  const { db, agentId, versionId } = options;
  await db
    .update(agentVersion)
    .set({ status: 'archived' })
    .where(
      and(eq(agentVersion.agentId, agentId), eq(agentVersion.status, 'published'), ne(agentVersion.id, versionId)),
    );
  await db.update(agent).set({ publishedVersionId: versionId }).where(eq(agent.id, agentId));
}
