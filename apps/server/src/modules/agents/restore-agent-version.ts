import { and, eq } from 'drizzle-orm';
import type { AgentVersion } from '@agentry/core/agent-versions';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { assertModelChoiceRunnable, isOtherModelChoice } from '../llm/resolve-model-route';
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
  /**
   * Checks that the version's model can still run (assertModelChoiceRunnable). Left out when the
   * published version itself comes back (an Optimize change rejected): visitors already run it.
   */
  config?: AppConfig;
  subaccountId: string;
  agentId: string;
  versionId: string;
  userId: string;
  note?: string;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
}): Promise<AgentVersion> {
  const { db } = options;
  const current = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  assertAgentNotCreating(current);
  const restored = await getAgentVersionRowOrThrow({ db, agentId: options.agentId, versionId: options.versionId });
  // The version's model may have run on a key since deleted, or at a price since removed.
  if (options.config && isOtherModelChoice(current, restored))
    await assertModelChoiceRunnable({
      db,
      config: options.config,
      subaccountId: options.subaccountId,
      choice: { provider: restored.provider, model: restored.model, providerKeyId: restored.providerKeyId },
    });
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
