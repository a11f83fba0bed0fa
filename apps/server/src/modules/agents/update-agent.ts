import { and, eq } from 'drizzle-orm';
import { listChangedBehaviourFields } from '@agentry/core/agent-versions';
import type { Agent, UpdateAgentBody } from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { assertModelChoiceRunnable, isOtherModelChoice } from '../llm/resolve-model-route';
import { agent } from './agents.tables';
import { assertAgentNotCreating } from './assert-agent-not-creating';
import { assertProviderKeyChoice } from './assert-provider-key-choice';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { keepMaskedToolHeaders } from './keep-masked-tool-headers';
import { prepareAgentTools } from './prepare-agent-tools';
import { recordAgentVersion } from './record-agent-version';
import { toAgentBehaviour } from './to-agent-version';
import { toAgent } from './to-agent';

/**
 * Saves the given fields of an agent of the sub account (404 for another sub account's). A change of
 * behaviour also records a draft version: visitors keep the published one until it is published.
 * Refused (409) while the builder job drafts the agent; masked tool header values keep the stored ones.
 */
export async function updateAgent(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  agentId: string;
  /** The author of the version a change of behaviour makes. */
  userId: string | null;
  body: UpdateAgentBody;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
}): Promise<Agent> {
  const { body, db } = options;
  const current = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  assertAgentNotCreating(current);
  const provider = body.provider ?? current.provider;
  const providerKeyId = body.providerKeyId !== undefined ? body.providerKeyId : current.providerKeyId;
  if (body.providerKeyId !== undefined || body.provider !== undefined) {
    await assertProviderKeyChoice({ db, subaccountId: options.subaccountId, providerKeyId, provider });
  }
  // Checked when the choice changes: the editor sends the whole form, and an agent whose model lost
  // its price or key keeps its other edits (each call refuses it until the model is changed).
  const choice = { provider, model: body.model ?? current.model, providerKeyId };
  if (isOtherModelChoice(current, choice))
    await assertModelChoiceRunnable({ db, config: options.config, subaccountId: options.subaccountId, choice });
  const { tools, versionNote, ...fields } = body;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(agent)
      .set({
        ...fields,
        ...(tools ? { tools: prepareAgentTools(keepMaskedToolHeaders({ inputs: tools, stored: current.tools })) } : {}),
        // Saving a configuration by hand makes an agent whose build failed usable.
        ...(current.status === 'failed' ? { status: 'ready' as const } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
    if (listChangedBehaviourFields(toAgentBehaviour(current), toAgentBehaviour(updated)).length > 0) {
      await recordAgentVersion({
        db: tx,
        agentRow: updated,
        source: 'edit',
        authorUserId: options.userId,
        note: versionNote,
      });
    }
    return updated;
  });
  return toAgent(row, { canSeeCredentials: options.canSeeCredentials ?? false });
}
