import { eq } from 'drizzle-orm';
import type { AgentVersion } from '@agentry/core/agent-versions';
import type { Cache } from '../../platform/cache/cache';
import { AppError } from '../../platform/http/app-error';
import type { Database } from '../../platform/db/database';
import { AGENTS_SCOPE } from './agents-cache-scope';
import { agentVersion } from './agents.tables';
import { assertAgentNotCreating } from './assert-agent-not-creating';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { archivePublishedVersion, pointAgentAt } from './record-agent-version';
import { toAgentVersion } from './to-agent-version';

/**
 * Makes the version the one visitors get, at once on every instance (the chat hot paths forget
 * what they remembered). The regression gate, when the agent names one, is checked by the caller first.
 * Two publishes at once take turns on the agent's row: the second archives what the first published.
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
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
  /**
   * Publish only over this version (null: none published): checked under the agent's lock, so of
   * two publishes decided on the same published version (two Optimize accepts) the second is
   * refused with 409 and `message` instead of undoing the first.
   */
  onlyOver?: { versionId: string | null; message: string };
}): Promise<AgentVersion> {
  const published = await options.db.transaction(async (tx) => {
    // The helpers take a database handle; inside, they must read and write through this transaction.
    const db: Database = tx;
    const agentRow = await getAgentRowOrThrow({
      db,
      agentId: options.agentId,
      subaccountId: options.subaccountId,
      forUpdate: true,
    });
    assertAgentNotCreating(agentRow);
    const version = await getAgentVersionRowOrThrow({ db, agentId: agentRow.id, versionId: options.versionId });
    if (agentRow.publishedVersionId === version.id && version.status === 'published') return version;
    if (options.onlyOver && (agentRow.publishedVersionId ?? null) !== options.onlyOver.versionId)
      throw new AppError('CONFLICT', { message: options.onlyOver.message });
    await archivePublishedVersion({ db, agentId: agentRow.id });
    const [row] = await db
      .update(agentVersion)
      .set({
        status: 'published',
        publishedAt: new Date(),
        publishedByUserId: options.userId,
        gateOverrideNote: options.gateOverrideNote ?? null,
      })
      .where(eq(agentVersion.id, version.id))
      .returning();
    await pointAgentAt({ db, agentId: agentRow.id, versionId: version.id });
    return row ?? version;
  });
  await options.cache.forget(AGENTS_SCOPE);
  return toAgentVersion(published, { canSeeCredentials: options.canSeeCredentials ?? false });
}
