import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import {
  DEFAULT_FIRST_MESSAGE,
  DEFAULT_SUGGESTED_RESPONSES,
  agentSamplingDefaults,
  type Agent,
  type AgentStatus,
  type CreateAgentBody,
} from '@agentry/core/agents';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { insertWithinPlanLimit } from '../billing/insert-within-plan-limit';
import { defaultModelFor, defaultProvider } from '../llm/default-model-choice';
import { assertModelChoiceRunnable } from '../llm/resolve-model-route';
import { agent } from './agents.tables';
import { assertProviderKeyChoice } from './assert-provider-key-choice';
import { prepareAgentTools } from './prepare-agent-tools';
import { recordAgentVersion } from './record-agent-version';
import { toAgent } from './to-agent';

export function createWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * A new agent of a sub account, within the plan's agents_per_subaccount limit (atomic under
 * parallel creates); unset fields take the documented defaults (docs/product/agents.md#the-agent) and the platform's model.
 */
export async function createAgent(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  userId: string;
  body: CreateAgentBody;
  status?: AgentStatus;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
}): Promise<Agent> {
  const { body } = options;
  const provider = body.provider ?? defaultProvider(options.config);
  const keyChoice = await assertProviderKeyChoice({
    db: options.db,
    subaccountId: options.subaccountId,
    providerKeyId: body.providerKeyId,
    provider,
  });
  if (body.model)
    await assertModelChoiceRunnable({
      db: options.db,
      config: options.config,
      subaccountId: options.subaccountId,
      choice: { provider, model: body.model, providerKeyId: body.providerKeyId ?? null },
    });
  const [row] = await insertWithinPlanLimit({
    db: options.db,
    subaccountId: options.subaccountId,
    limit: 'agents_per_subaccount',
    countExisting: async (tx) =>
      (await tx.select({ value: count() }).from(agent).where(eq(agent.subaccountId, options.subaccountId)))[0]?.value ??
      0,
    insert: async (tx) => {
      const [inserted] = await tx
        .insert(agent)
        .values({
          id: randomUUID(),
          subaccountId: options.subaccountId,
          status: options.status ?? 'ready',
          aiName: body.aiName,
          type: body.type ?? 'assistant',
          instructions: body.instructions ?? '',
          firstMessage: body.firstMessage ?? DEFAULT_FIRST_MESSAGE,
          suggestedResponses: body.suggestedResponses ?? [...DEFAULT_SUGGESTED_RESPONSES],
          provider,
          model: body.model ?? keyChoice.defaultModel ?? defaultModelFor(options.config, provider),
          providerKeyId: body.providerKeyId ?? null,
          temperature: body.temperature ?? agentSamplingDefaults.temperature,
          maxTokens: body.maxTokens ?? agentSamplingDefaults.maxTokens,
          topP: body.topP ?? agentSamplingDefaults.topP,
          frequencyPenalty: body.frequencyPenalty ?? agentSamplingDefaults.frequencyPenalty,
          presencePenalty: body.presencePenalty ?? agentSamplingDefaults.presencePenalty,
          stopSequences: body.stopSequences ?? [],
          tools: prepareAgentTools(body.tools ?? []),
          category: body.category ?? 'Chatbots',
          webhookSecret: createWebhookSecret(),
          createdByUserId: options.userId,
        })
        .returning();
      if (!inserted) return [];
      // A new agent answers visitors at once: its first version is published.
      const version = await recordAgentVersion({
        db: tx,
        agentRow: inserted,
        source: 'create',
        authorUserId: options.userId,
        isPublished: true,
      });
      return [{ ...inserted, publishedVersionId: version.id }];
    },
  });
  if (!row) throw new Error('agent insert returned nothing');
  return toAgent(row, { canSeeCredentials: options.canSeeCredentials ?? false });
}
