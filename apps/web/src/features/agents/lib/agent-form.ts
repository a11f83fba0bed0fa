import { UpdateAgentBody, type Agent, type AgentCategory, type AgentType } from '@agentry/core/agents';
import type { LlmProvider } from '@agentry/core/llm';
import type { HttpMethod, HttpTool, JsonSchemaNode, ParameterSetting } from '@agentry/core/tools';

/** A tool as the editor holds it: `parameters` is the tool's JSON Schema. */
export type ToolDraft = {
  name: string;
  description: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  parameters: JsonSchemaNode;
  parameterModes: Record<string, ParameterSetting>;
  enabled: boolean;
};

/** Every field the agent editor changes. */
export type AgentFormValues = {
  aiName: string;
  type: AgentType;
  instructions: string;
  firstMessage: string;
  suggestedResponses: string[];
  provider: LlmProvider;
  model: string;
  providerKeyId: string | null;
  temperature: number;
  maxTokens: number;
  topP: number;
  frequencyPenalty: number;
  presencePenalty: number;
  stopSequences: string[];
  category: AgentCategory;
  tools: ToolDraft[];
};

export type AgentFormErrors = Partial<Record<keyof AgentFormValues, string>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toToolDraft(tool: HttpTool): ToolDraft {
  const parameters: JsonSchemaNode = isRecord(tool.raw)
    ? tool.raw
    : { type: 'object', properties: tool.schema.properties, required: tool.schema.required };
  return {
    name: tool.name,
    description: tool.description,
    method: tool.method,
    url: tool.url,
    headers: { ...tool.headers },
    parameters,
    parameterModes: { ...tool.parameterModes },
    enabled: tool.enabled,
  };
}

export function toFormValues(agent: Agent): AgentFormValues {
  return {
    aiName: agent.aiName,
    type: agent.type,
    instructions: agent.instructions,
    firstMessage: agent.firstMessage,
    suggestedResponses: [...agent.suggestedResponses],
    provider: agent.provider,
    model: agent.model,
    providerKeyId: agent.providerKeyId,
    temperature: agent.temperature,
    maxTokens: agent.maxTokens,
    topP: agent.topP,
    frequencyPenalty: agent.frequencyPenalty,
    presencePenalty: agent.presencePenalty,
    stopSequences: [...agent.stopSequences],
    category: agent.category,
    tools: agent.tools.map(toToolDraft),
  };
}

/** What PATCH sends: blank suggested replies are dropped, text is trimmed where the schema trims. */
export function toUpdateBody(values: AgentFormValues): UpdateAgentBody {
  return {
    ...values,
    aiName: values.aiName.trim(),
    model: values.model.trim(),
    suggestedResponses: values.suggestedResponses.map((reply) => reply.trim()).filter((reply) => reply !== ''),
    tools: values.tools.map((tool) => ({ ...tool })),
  };
}

/** The first message of each field that the server would refuse. */
export function validateAgentForm(values: AgentFormValues): AgentFormErrors {
  const result = UpdateAgentBody.safeParse(toUpdateBody(values));
  if (result.success) return {};
  const errors: AgentFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const key = field as keyof AgentFormValues;
    errors[key] ??= field === 'tools' ? 'A tool is not valid: open it to fix it' : issue.message;
  }
  return errors;
}

/** Structural equality for plain data (key order does not matter). */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => isSameValue(item, right[index]))
    );
  }
  if (isRecord(left) && isRecord(right)) {
    const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
    const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
    return leftKeys.length === rightKeys.length && leftKeys.every((key) => isSameValue(left[key], right[key]));
  }
  return false;
}
