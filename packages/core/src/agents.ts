import { z } from 'zod';
import { DEFAULT_AI_NAME } from './agent-defaults';
import { LlmProvider } from './llm';
import { HttpTool, HttpToolInput } from './tools';

/** docs/product/agents.md#the-agent: the nine agent categories. */
export const agentCategories = [
  'Chatbots',
  'LLMs',
  'Code',
  'Data',
  'Automation',
  'Web',
  'SAAS',
  'Consulting',
  'Other',
] as const;
export const AgentCategory = z.enum(agentCategories);
export type AgentCategory = z.infer<typeof AgentCategory>;

/** assistant: our stored instructions answer; chat-completion: a model plus sampling settings. */
export const AgentType = z.enum(['assistant', 'chat-completion']);
export type AgentType = z.infer<typeof AgentType>;

/** 'creating' while the builder job drafts the agent from an idea. */
export const AgentStatus = z.enum(['creating', 'ready', 'failed']);
export type AgentStatus = z.infer<typeof AgentStatus>;

export { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agent-defaults';

/** docs/product/evaluation.md#test-settings, sampling defaults. */
export const agentSamplingDefaults = {
  temperature: 1,
  maxTokens: 2048,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
} as const;

const AiName = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(80, { error: 'Name must be at most 80 characters' });

/** The fields a user edits; every one optional on update. */
const agentSettingsShape = {
  aiName: AiName,
  type: AgentType,
  instructions: z.string().max(32_000, { error: 'Instructions must be at most 32000 characters' }),
  firstMessage: z.string().max(2000),
  suggestedResponses: z.array(z.string().trim().min(1).max(200)).max(10),
  provider: LlmProvider,
  model: z.string().trim().min(1, { error: 'Model is required' }).max(200),
  /** A provider key of the sub account to use; null means the newest key of the provider, then the platform key. */
  providerKeyId: z.string().min(1).nullable(),
  temperature: z.number().min(0).max(2),
  maxTokens: z.number().int().min(1).max(128_000),
  topP: z.number().min(0).max(1),
  frequencyPenalty: z.number().min(-2).max(2),
  presencePenalty: z.number().min(-2).max(2),
  stopSequences: z.array(z.string().min(1).max(100)).max(4, { error: 'At most 4 stop sequences' }),
  category: AgentCategory,
};

export const CreateAgentBody = z
  .object({
    ...agentSettingsShape,
    aiName: AiName.default(DEFAULT_AI_NAME),
    tools: z.array(HttpToolInput).max(20),
  })
  .partial({
    type: true,
    instructions: true,
    firstMessage: true,
    suggestedResponses: true,
    provider: true,
    model: true,
    providerKeyId: true,
    temperature: true,
    maxTokens: true,
    topP: true,
    frequencyPenalty: true,
    presencePenalty: true,
    stopSequences: true,
    category: true,
    tools: true,
  });
export type CreateAgentBody = z.infer<typeof CreateAgentBody>;

export const UpdateAgentBody = z
  .object({
    ...agentSettingsShape,
    tools: z.array(HttpToolInput).max(20),
    /** Why the behaviour changed: the note of the version this save makes (docs/product/agents.md#versions). */
    versionNote: z.string().trim().max(500, { error: 'Note must be at most 500 characters' }),
  })
  .partial();
export type UpdateAgentBody = z.infer<typeof UpdateAgentBody>;

const IsoDateTime = z.iso.datetime({ offset: true });

/** An agent, in the API's Build shape: buildId (and assistantId, the same id, for older callers). */
export const Agent = z.object({
  buildId: z.string(),
  assistantId: z.string(),
  subaccountId: z.string(),
  status: AgentStatus,
  aiName: z.string(),
  type: AgentType,
  instructions: z.string(),
  firstMessage: z.string(),
  suggestedResponses: z.array(z.string()),
  provider: LlmProvider,
  model: z.string(),
  providerKeyId: z.string().nullable(),
  temperature: z.number(),
  maxTokens: z.number().int(),
  topP: z.number(),
  frequencyPenalty: z.number(),
  presencePenalty: z.number(),
  stopSequences: z.array(z.string()),
  tools: z.array(HttpTool),
  /** Slugs of every tool the agent knows, and of those it may call. */
  discoveredTools: z.array(z.string()),
  enabledTools: z.array(z.string()),
  category: AgentCategory,
  /** The version visitors get; the fields above are the working copy (the newest version). */
  publishedVersionId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Agent = z.infer<typeof Agent>;

export const AgentParams = z.object({ subaccountId: z.string().min(1), agentId: z.string().min(1) });
export type AgentParams = z.infer<typeof AgentParams>;

export const ListAgentsQuery = z.object({ search: z.string().trim().max(200).optional() });
export type ListAgentsQuery = z.infer<typeof ListAgentsQuery>;

export const ListAgentsReply = z.object({ agents: z.array(Agent) });
export type ListAgentsReply = z.infer<typeof ListAgentsReply>;

/** GET /api/builds: the active sub account's agents. */
export const ListBuildsReply = z.object({ builds: z.array(Agent) });
export type ListBuildsReply = z.infer<typeof ListBuildsReply>;

/** The webhook of an agent, shown in its settings. */
export const AgentWebhook = z.object({ url: z.string(), secret: z.string() });
export type AgentWebhook = z.infer<typeof AgentWebhook>;

// ---------------------------------------------------------------------------------------------
// Creation from an idea: a background job drafts the first configuration.

export const CreateAgentFromIdeaBody = z.object({
  idea: z
    .string()
    .trim()
    .min(1, { error: 'Describe the agent you want to build' })
    .max(4000, { error: 'The idea must be at most 4000 characters' }),
});
export type CreateAgentFromIdeaBody = z.infer<typeof CreateAgentFromIdeaBody>;

export const CreateAgentFromIdeaReply = z.object({ jobId: z.string(), buildId: z.string() });
export type CreateAgentFromIdeaReply = z.infer<typeof CreateAgentFromIdeaReply>;

/** What the model must answer for an idea; anything else fails the job. */
export const AgentDraft = z.object({
  aiName: z.string().trim().min(1).max(80),
  instructions: z.string().trim().min(1).max(32_000),
  firstMessage: z.string().trim().min(1).max(2000),
  suggestedResponses: z.array(z.string().trim().min(1).max(200)).length(3),
  category: AgentCategory.optional().catch(undefined),
});
export type AgentDraft = z.infer<typeof AgentDraft>;

export const AgentJobStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type AgentJobStatus = z.infer<typeof AgentJobStatus>;

/** docs/product/agents.md#creating-from-an-idea, Agent job: status, result {status, data}, error. */
export const AgentJob = z.object({
  status: AgentJobStatus,
  result: z.object({ status: AgentStatus, data: Agent }).optional(),
  error: z.string().optional(),
});
export type AgentJob = z.infer<typeof AgentJob>;

/** docs/product/agents.md#creating-from-an-idea: the builder job is polled every 750 ms and given up after 120 s. */
export const BUILDER_JOB_POLL_INTERVAL_MS = 750;
export const BUILDER_JOB_TIMEOUT_MS = 120_000;

/** docs/product/agents.md#texts, builder helper texts. */
export const builderErrorMessages = {
  notFound: 'Builder job not found',
  fetchFailed: 'Failed to fetch builder job status',
  emptyResult: 'Builder job returned empty result',
  failed: 'Builder job failed',
  timedOut: 'Builder job timed out',
  requestFailed: 'Builder request failed',
} as const;

// ---------------------------------------------------------------------------------------------

/** The parts of a build the OpenRouter rule reads; builds from older records carry any of them. */
export type BuildLike = {
  openRouterModel?: unknown;
  openrouterModel?: unknown;
  provider?: string | null;
  backendService?: string | null;
  model?: string | null;
  discoveredTools?: readonly unknown[] | null;
  enabledTools?: readonly unknown[] | null;
};

/**
 * docs/product/agents.md#the-agent: a build is OpenRouter-style if the openRouterModel flag is set, the provider or
 * backend service is openrouter, the model name contains a slash, or any discovered or enabled
 * tools exist.
 */
export function isOpenRouterStyleBuild(build: BuildLike): boolean {
  if (build.openRouterModel || build.openrouterModel) return true;
  if (build.provider?.toLowerCase() === 'openrouter' || build.backendService?.toLowerCase() === 'openrouter')
    return true;
  if (build.model?.includes('/')) return true;
  return (build.discoveredTools?.length ?? 0) > 0 || (build.enabledTools?.length ?? 0) > 0;
}
