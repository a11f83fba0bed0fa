import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AgentVersionSource } from '@agentry/core/agent-versions';
import type { Database, Transaction } from '../../platform/db/database';
import { agent, agentVersion } from './agents.tables';
import { toAgentBehaviour } from './to-agent-version';

/** A database handle or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Records the agent row's current behaviour as its next version (1, 2, 3...). With `isPublished`,
 * the new version is what visitors get from now on (the previous published one is archived); call
 * it inside a transaction then, so the archive, the new version and the agent's pointer commit together.
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
  if (options.isPublished) await archivePublishedVersion({ db, agentId: agentRow.id });
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
  if (options.isPublished) await pointAgentAt({ db, agentId: agentRow.id, versionId: row.id });
  return row;
}

/**
 * Makes way for a newly published version: locks the agent's row until the transaction ends, so
 * publishes of one agent take turns and each archives what the one before it published, then
 * archives the published version. An agent has at most one (the partial unique index
 * agent_version_published_idx), so the new one is published only after this.
 */
export async function archivePublishedVersion(options: { db: Executor; agentId: string }) {
  const { db, agentId } = options;
  await db.select({ id: agent.id }).from(agent).where(eq(agent.id, agentId)).for('update');
  await db
    .update(agentVersion)
    .set({ status: 'archived' })
    .where(and(eq(agentVersion.agentId, agentId), eq(agentVersion.status, 'published')));
}

/** Points the agent at its newly published version. */
export async function pointAgentAt(options: { db: Executor; agentId: string; versionId: string }) {
  await options.db.update(agent).set({ publishedVersionId: options.versionId }).where(eq(agent.id, options.agentId));
}
