import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import { generateLlmText } from '../llm/call-language-model';
import type { agent } from '../agents/agents.tables';

export type ModelAnswer = { text: string; costUsd: number; isOffline: boolean };

/**
 * One call of the agent's own model through the gateway (metered and charged like every call,
 * recorded under `source`), at a low temperature; `offline` answers when no provider is set.
 */
export async function askProposalModel(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  source: string;
  system: string;
  prompt: string;
  maxTokens: number;
  offline: () => string;
}): Promise<ModelAnswer> {
  const { agent: row } = options;
  const result = await generateLlmText({
    db: options.db,
    config: options.config,
    logger: options.logger,
    subaccountId: row.subaccountId,
    agentId: row.id,
    threadId: null,
    source: options.source,
    choice: { provider: row.provider, model: row.model, providerKeyId: row.providerKeyId },
    sampling: {
      temperature: 0.2,
      maxTokens: options.maxTokens,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: [],
    },
    system: options.system,
    messages: [{ role: 'user', content: options.prompt }],
    offline: options.offline,
  });
  return { text: result.text, costUsd: result.costUsd, isOffline: result.provider === 'offline' };
}
