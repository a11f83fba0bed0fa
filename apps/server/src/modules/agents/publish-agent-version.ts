import { eq } from 'drizzle-orm';
import type { AgentVersion } from '@agentry/core/agent-versions';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AGENTS_SCOPE } from './agents-cache-scope';
import { agentVersion } from './agents.tables';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { markPublished } from './record-agent-version';
import { toAgentVersion } from './to-agent-version';

/**
 * Makes the version the one visitors get, at once on every instance (the chat hot paths forget
 * what they remembered). The regression gate, when the agent names one, is checked by the caller first.
 */
export async function publishAgentVersion(options: {
  db: Database;
  cache: Cache;
  subaccountId: string;
  agentId: string;
  versionId: string;
  userId: string;
  /** Recorded when an admin publishes despite the gate's refusal. */
  gateOverrideNote?: string | null;
}): Promise<AgentVersion> {
  const { db } = options;
  const agentRow = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  const version = await getAgentVersionRowOrThrow({ db, agentId: agentRow.id, versionId: options.versionId });
  if (agentRow.publishedVersionId === version.id && version.status === 'published') return toAgentVersion(version);
  const published = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentVersion)
      .set({
        status: 'published',
        publishedAt: new Date(),
        publishedByUserId: options.userId,
        gateOverrideNote: options.gateOverrideNote ?? null,
      })
      .where(eq(agentVersion.id, version.id))
      .returning();
    await markPublished({ db: tx, agentId: agentRow.id, versionId: version.id });
    return row ?? version;
  });
  await options.cache.forget(AGENTS_SCOPE);
  return toAgentVersion(published);
}
