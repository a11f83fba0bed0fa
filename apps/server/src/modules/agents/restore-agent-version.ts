import { and, eq } from 'drizzle-orm';
import type { AgentVersion } from '@agentry/core/agent-versions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from './agents.tables';
import { assertAgentNotCreating } from './assert-agent-not-creating';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { recordAgentVersion } from './record-agent-version';
import { toAgentBehaviour, toAgentVersion } from './to-agent-version';

/**
 * Restoring never rewrites history: the old version's behaviour becomes the working copy and a new
 * draft version (publish it to give it to visitors).
 */
export async function restoreAgentVersion(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
  versionId: string;
  userId: string;
  note?: string;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
}): Promise<AgentVersion> {
  const { db } = options;
  assertAgentNotCreating(
    await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId }),
  );
  const restored = await getAgentVersionRowOrThrow({ db, agentId: options.agentId, versionId: options.versionId });
  const version = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(agent)
      .set({ ...toAgentBehaviour(restored), updatedAt: new Date() })
      .where(and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
    return recordAgentVersion({
      db: tx,
      agentRow: updated,
      source: 'restore',
      authorUserId: options.userId,
      note: options.note || `Restored version ${restored.number}`,
    });
  });
  return toAgentVersion(version, { canSeeCredentials: options.canSeeCredentials ?? false });
}
