import { z } from 'zod';

/** Where an agent's answers come from; 'offline' is the embedded responder that needs no key. */
export const LlmProvider = z.enum(['openai', 'openrouter', 'openai-compatible', 'offline']);
export type LlmProvider = z.infer<typeof LlmProvider>;

/** Providers a sub account can store its own key for. */
export const KeyedLlmProvider = z.enum(['openai', 'openrouter', 'openai-compatible']);
export type KeyedLlmProvider = z.infer<typeof KeyedLlmProvider>;

/** Who paid for a call: a platform key (costs credits), the sub account's own key, or nobody. */
export const LlmKeySource = z.enum(['platform', 'subaccount', 'offline']);
export type LlmKeySource = z.infer<typeof LlmKeySource>;

/** The channel a conversation thread belongs to. */
export const ThreadSource = z.enum([
  'test-chat',
  'widget',
  'demo',
  'api',
  'webhook',
  'evaluation',
  'instagram',
  'messenger',
  'sms',
  'whatsapp',
]);
export type ThreadSource = z.infer<typeof ThreadSource>;

export const OFFLINE_MODEL = 'offline-responder';

/** Every offline answer ends with this, so nobody mistakes it for a model's answer. */
export const OFFLINE_RESPONDER_NOTICE =
  "Note: no AI provider is configured, so this answer was picked from the agent's own instructions. " +
  'To get real AI answers, set OPENAI_API_KEY, OPENROUTER_API_KEY or OPENAI_BASE_URL on the server, or add a provider key in Settings.';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENROUTER_MODEL = 'openai/gpt-4o-mini';
export const OPENROUTER_BASE_URL = 'https://openrouter.ai/api/v1';

export type ModelPrice = { inputUsdPerMillion: number; outputUsdPerMillion: number };

/** Provider list prices in US dollars per million tokens (input, output). */
export const modelPrices: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o': { inputUsdPerMillion: 2.5, outputUsdPerMillion: 10 },
  'gpt-4o-mini': { inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 },
  'gpt-4.1': { inputUsdPerMillion: 2, outputUsdPerMillion: 8 },
  'gpt-4.1-mini': { inputUsdPerMillion: 0.4, outputUsdPerMillion: 1.6 },
  'gpt-4.1-nano': { inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4 },
  'gpt-4-turbo': { inputUsdPerMillion: 10, outputUsdPerMillion: 30 },
  'gpt-3.5-turbo': { inputUsdPerMillion: 0.5, outputUsdPerMillion: 1.5 },
  'o4-mini': { inputUsdPerMillion: 1.1, outputUsdPerMillion: 4.4 },
  'o3-mini': { inputUsdPerMillion: 1.1, outputUsdPerMillion: 4.4 },
  'claude-3.5-sonnet': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'claude-3.5-haiku': { inputUsdPerMillion: 0.8, outputUsdPerMillion: 4 },
  'gemini-2.0-flash-001': { inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4 },
  'llama-3.1-8b-instruct': { inputUsdPerMillion: 0.02, outputUsdPerMillion: 0.05 },
  'llama-3.1-70b-instruct': { inputUsdPerMillion: 0.12, outputUsdPerMillion: 0.3 },
  [OFFLINE_MODEL]: { inputUsdPerMillion: 0, outputUsdPerMillion: 0 },
};

/**
 * What a model not in the table is recorded at on the sub account's own key (where it costs no
 * credits). Calls on platform credits never use it: they are refused (listedPriceForModel).
 */
export const UNKNOWN_MODEL_PRICE: ModelPrice = { inputUsdPerMillion: 15, outputUsdPerMillion: 60 };

/** Prices the operator gave (the server's LLM_MODEL_PRICES), by lower-case name: they come first. */
const operatorPrices = new Map<string, ModelPrice>();

/**
 * The operator's prices, beside the table (a model the table does not list, or another price for
 * one it does): set by the server at start-up, from its configuration, replacing any set before.
 */
export function setOperatorModelPrices(prices: Readonly<Record<string, ModelPrice>>): void {
  operatorPrices.clear();
  for (const [model, price] of Object.entries(prices)) operatorPrices.set(model.trim().toLowerCase(), price);
}

/** Whether the built-in table itself lists this model (by its name or without a vendor prefix). */
export function isModelInPriceTable(model: string): boolean {
  const name = model.trim().toLowerCase();
  return [name, withoutVendorOf(name)].some((candidate) => Object.hasOwn(modelPrices, candidate));
}

/** The table's entry for a lower-case name; never an Object property ('constructor', 'toString'). */
function tablePriceOf(name: string): ModelPrice | undefined {
  return operatorPrices.get(name) ?? (Object.hasOwn(modelPrices, name) ? modelPrices[name] : undefined);
}

function withoutVendorOf(name: string): string {
  return name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
}

/**
 * The table's price of exactly this model, by its name or without an OpenRouter vendor prefix
 * ('openai/gpt-4o'); undefined for any other name, dated snapshots ('gpt-4o-2024-05-13') and
 * variants ('...:nitro') included, which may cost more than the model they are named after.
 * Only such a model may run on platform credits (docs/product/billing-and-credits.md).
 */
export function listedPriceForModel(model: string): ModelPrice | undefined {
  const name = model.trim().toLowerCase();
  return tablePriceOf(name) ?? tablePriceOf(withoutVendorOf(name));
}

/**
 * The price of a model by its name as the agent stores it: its listed price, else the price of
 * the model a dated snapshot or variant is named after ('gpt-4o-2024-08-06'), else
 * UNKNOWN_MODEL_PRICE. Exact for every model platform credits run (listedPriceForModel); an
 * estimate for the sub account's own keys.
 */
export function priceForModel(model: string): ModelPrice {
  const withoutSnapshot = withoutVendorOf(model.trim().toLowerCase())
    .replace(/-\d{4}-\d{2}-\d{2}$/, '')
    .replace(/:.*$/, '');
  return listedPriceForModel(model) ?? tablePriceOf(withoutSnapshot) ?? UNKNOWN_MODEL_PRICE;
}

/** A rough token count for text we have not sent yet: four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Provider cost of a call in US dollars. */
export function costForUsage(options: { model: string; inputTokens: number; outputTokens: number }): number {
  const price = priceForModel(options.model);
  return (
    (options.inputTokens * price.inputUsdPerMillion + options.outputTokens * price.outputUsdPerMillion) / 1_000_000
  );
}

// ---------------------------------------------------------------------------------------------
// Test chat (agent page) and the streaming events every chat stream of ours speaks.

const ChatText = z
  .string()
  .trim()
  .min(1, { error: 'Message is required' })
  .max(20_000, { error: 'Message is too long' });

export const RunPromptBody = z.object({
  assistantId: z.string().min(1),
  threadId: z.string().min(1).nullish(),
  message: ChatText,
  /** Demos pass the provider key chosen for the demo; the dashboard test chat does not. */
  apiKeyId: z.string().min(1).nullish(),
});
export type RunPromptBody = z.infer<typeof RunPromptBody>;

export const RunPromptReply = z.object({ message: z.string(), threadId: z.string() });
export type RunPromptReply = z.infer<typeof RunPromptReply>;

export const StreamErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  support_id: z.string(),
  /** The error-dialog type (docs/product/README.md#errors) when the failure came from the AI provider. */
  type: z.string().optional(),
  advice: z.string().optional(),
});

/** One `data:` line of our server-sent event streams. */
export const ChatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), threadId: z.string() }),
  z.object({ type: z.literal('error'), error: StreamErrorBody }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;

// ---------------------------------------------------------------------------------------------
// The sub account's own provider keys (Settings). A key is never sent back, only its last four.

const HttpUrl = z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' });
/** A model name as the provider spells it ('gpt-4o-mini', 'anthropic/claude-3.5-sonnet'); empty clears it. */
const DefaultModelInput = z
  .string()
  .trim()
  .max(200, { error: 'Model name must be at most 200 characters' })
  .transform((value) => (value === '' ? null : value));

export const ProviderKey = z.object({
  id: z.string(),
  provider: KeyedLlmProvider,
  label: z.string(),
  lastFour: z.string(),
  baseUrl: z.string().nullable(),
  /** The model new agents on this key get when they name none (and the model a test uses). */
  defaultModel: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ProviderKey = z.infer<typeof ProviderKey>;

export const CreateProviderKeyBody = z.object({
  provider: KeyedLlmProvider,
  label: z.string().trim().max(80).default(''),
  apiKey: z.string().trim().min(1, { error: 'API key is required' }).max(500),
  /** Only for OpenAI-compatible servers; must be a public address. */
  baseUrl: HttpUrl.nullish(),
  defaultModel: DefaultModelInput.nullish(),
});
export type CreateProviderKeyBody = z.infer<typeof CreateProviderKeyBody>;

export const UpdateProviderKeyBody = z.object({
  label: z.string().trim().max(80).optional(),
  apiKey: z.string().trim().min(1, { error: 'API key is required' }).max(500).optional(),
  baseUrl: HttpUrl.nullish(),
  defaultModel: DefaultModelInput.nullish(),
});
export type UpdateProviderKeyBody = z.infer<typeof UpdateProviderKeyBody>;

export const TestProviderKeyBody = z.object({ model: z.string().trim().min(1).max(200).optional() }).nullish();
export type TestProviderKeyBody = z.infer<typeof TestProviderKeyBody>;

export const TestProviderKeyReply = z.object({
  ok: z.boolean(),
  error: z.object({ type: z.string(), message: z.string(), advice: z.string() }).optional(),
});
export type TestProviderKeyReply = z.infer<typeof TestProviderKeyReply>;

// ---------------------------------------------------------------------------------------------
// Public API: keys per sub account, OpenAI-compatible chat completions and the webhook.

export const API_KEY_PREFIX = 'agt_';

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise it in a list. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is required' })
    .max(80, { error: 'Name must be at most 80 characters' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** The only time the secret is shown. */
export const CreatedApiKeyReply = ApiKey.extend({ secret: z.string() });
export type CreatedApiKeyReply = z.infer<typeof CreatedApiKeyReply>;

const OpenAiContentPart = z.object({ type: z.string(), text: z.string().optional() });

/** The most tokens an answer may ask for: the agent's own limit (agents.ts), which a call cannot raise. */
export const MAX_OUTPUT_TOKENS = 128_000;
const OutputTokens = z
  .number()
  .int()
  .positive()
  .max(MAX_OUTPUT_TOKENS, { error: `Must be at most ${MAX_OUTPUT_TOKENS} tokens` });

/** The subset of OpenAI's chat completion request an agent answers; `model` is the agent id. */
export const ChatCompletionBody = z.object({
  model: z.string().min(1),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: z.union([z.string(), z.array(OpenAiContentPart)]).nullish(),
      }),
    )
    .min(1),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: OutputTokens.nullish(),
  max_completion_tokens: OutputTokens.nullish(),
  /** Our extension: continue a stored thread (answered in `thread_id` and the x-thread-id header). */
  thread_id: z.string().min(1).nullish(),
});
export type ChatCompletionBody = z.infer<typeof ChatCompletionBody>;

/** OpenAI's chat completion object, plus our `thread_id`. */
export const ChatCompletionReply = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      logprobs: z.null(),
      finish_reason: z.literal('stop'),
    }),
  ),
  usage: z.object({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  }),
  thread_id: z.string(),
});
export type ChatCompletionReply = z.infer<typeof ChatCompletionReply>;

export const WebhookBody = z.object({
  type: z.literal('user_message'),
  threadId: z.string().min(1).nullish(),
  message: ChatText,
});
export type WebhookBody = z.infer<typeof WebhookBody>;

export const WebhookReply = z.object({ threadId: z.string(), response: z.string() });
export type WebhookReply = z.infer<typeof WebhookReply>;
