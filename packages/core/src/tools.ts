import { z } from 'zod';

/**
 * HTTP tools an agent can call, their schema normalisation (docs/product/agents.md#tools) and the rules of
 * the dynamic parameter form (docs/product/agents.md#tools).
 */

/** A JSON Schema node as tools describe their parameters; unknown keywords are kept. */
export type JsonSchemaNode = {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  [keyword: string]: unknown;
};

export const JsonSchemaNode: z.ZodType<JsonSchemaNode> = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  multipleOf: z.number().optional(),
  get items() {
    return JsonSchemaNode.optional();
  },
  get properties() {
    return z.record(z.string(), JsonSchemaNode).optional();
  },
  required: z.array(z.string()).optional(),
});

/** docs/product/agents.md#tools: the normalised parameter schema of a tool. */
export const ToolSchema = z.object({
  type: z.string(),
  properties: z.record(z.string(), JsonSchemaNode),
  required: z.array(z.string()),
  description: z.string(),
  title: z.string(),
});
export type ToolSchema = z.infer<typeof ToolSchema>;

/** docs/product/agents.md#tools: slug (uppercased), schema, raw, version, source. */
export const NormalizedTool = z.object({
  slug: z.string(),
  schema: ToolSchema,
  raw: z.unknown(),
  version: z.string(),
  source: z.string(),
});
export type NormalizedTool = z.infer<typeof NormalizedTool>;

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A tool's name as a slug: upper case, anything but letters, digits and underscores becomes '_'. */
export function toToolSlug(name: string): string {
  return name
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/**
 * docs/product/agents.md#tools: accepts a tool in the shapes providers and catalogues use (OpenAI `{ type:'function',
 * function }`, `{ name, parameters }`, `{ slug, input_parameters }`, `{ name, inputSchema }`) and
 * answers one shape. `raw` keeps the input untouched.
 */
export function normalizeToolSchema(
  raw: unknown,
  defaults: { version?: string; source?: string } = {},
): NormalizedTool {
  const outer = readRecord(raw) ?? {};
  const fn = readRecord(outer.function);
  const definition = fn ?? outer;
  const name = readText(outer.slug) ?? readText(definition.name) ?? readText(outer.name) ?? 'TOOL';
  const parameters =
    readRecord(definition.parameters) ??
    readRecord(outer.input_parameters) ??
    readRecord(outer.inputSchema) ??
    readRecord(outer.input_schema) ??
    readRecord(outer.schema) ??
    {};
  const properties = readRecord(parameters.properties) ?? {};
  const propertyNames = new Set(Object.keys(properties));
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((entry): entry is string => typeof entry === 'string' && propertyNames.has(entry))
    : [];
  const slug = toToolSlug(name);
  return {
    slug,
    schema: {
      type: readText(parameters.type) ?? 'object',
      properties: properties as Record<string, JsonSchemaNode>,
      required: [...new Set(required)],
      description:
        readText(parameters.description) ?? readText(definition.description) ?? readText(outer.description) ?? '',
      title: readText(parameters.title) ?? readText(outer.title) ?? readText(outer.display_name) ?? name,
    },
    raw,
    version: readText(outer.version) ?? defaults.version ?? '1.0.0',
    source: readText(outer.source) ?? defaults.source ?? 'custom',
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP tools stored on an agent.

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export type HttpMethod = z.infer<typeof HttpMethod>;

/** docs/product/agents.md#tools: a parameter is fixed by the user (manual, with its value) or decided by the model (auto). */
export const ParameterMode = z.enum(['manual', 'auto']);
export type ParameterMode = z.infer<typeof ParameterMode>;

export const ParameterSetting = z.object({ mode: ParameterMode, value: z.unknown().optional() });
export type ParameterSetting = z.infer<typeof ParameterSetting>;

const ToolName = z
  .string()
  .trim()
  .min(1, { error: 'Tool name is required' })
  .max(64, { error: 'Tool name must be at most 64 characters' })
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { error: 'Use letters, digits, - and _ in a tool name, starting with a letter' });

const ToolUrl = z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(2000);

/** What the agent editor sends for a tool: `parameters` is the tool's JSON Schema. */
export const HttpToolInput = z.object({
  name: ToolName,
  description: z.string().max(1000).default(''),
  method: HttpMethod.default('POST'),
  url: ToolUrl,
  headers: z.record(z.string().min(1).max(200), z.string().max(4000)).default({}),
  parameters: z.unknown().default({ type: 'object', properties: {} }),
  parameterModes: z.record(z.string(), ParameterSetting).default({}),
  enabled: z.boolean().default(true),
});
export type HttpToolInput = z.input<typeof HttpToolInput>;

/** A tool as stored on the agent and answered: the normalised schema plus how to call it. */
export const HttpTool = NormalizedTool.extend({
  name: z.string(),
  description: z.string(),
  method: HttpMethod,
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  parameterModes: z.record(z.string(), ParameterSetting),
  enabled: z.boolean(),
});
export type HttpTool = z.infer<typeof HttpTool>;

export function toHttpTool(input: z.output<typeof HttpToolInput>): HttpTool {
  const normalized = normalizeToolSchema(
    { name: input.name, description: input.description, parameters: input.parameters },
    { source: 'http' },
  );
  const parameterModes = Object.fromEntries(
    Object.entries(input.parameterModes).filter(([name]) => Object.hasOwn(normalized.schema.properties, name)),
  );
  return {
    ...normalized,
    raw: input.parameters,
    name: input.name,
    description: input.description,
    method: input.method,
    url: input.url,
    headers: input.headers,
    parameterModes,
    enabled: input.enabled,
  };
}

/** Parameters the model fills in: every one not fixed by the user. */
export function isAutoParameter(tool: Pick<HttpTool, 'parameterModes'>, name: string): boolean {
  return tool.parameterModes[name]?.mode !== 'manual';
}

/** The schema the model sees: manual parameters are left out, it never decides them. */
export function modelFacingToolSchema(tool: Pick<HttpTool, 'schema' | 'parameterModes'>): ToolSchema {
  const properties = Object.fromEntries(
    Object.entries(tool.schema.properties).filter(([name]) => isAutoParameter(tool, name)),
  );
  return {
    ...tool.schema,
    type: 'object',
    properties,
    required: tool.schema.required.filter((name) => Object.hasOwn(properties, name)),
  };
}

/** The arguments of a call: what the model chose for auto parameters plus the user's fixed values. */
export function resolveToolArguments(
  tool: Pick<HttpTool, 'parameterModes' | 'schema'>,
  modelArguments: Record<string, unknown>,
): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(modelArguments)) {
    if (Object.hasOwn(tool.schema.properties, name) && isAutoParameter(tool, name)) resolved[name] = value;
  }
  for (const [name, setting] of Object.entries(tool.parameterModes)) {
    if (setting.mode === 'manual' && setting.value !== undefined) resolved[name] = setting.value;
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// The dynamic parameter form (docs/product/agents.md#tools).

export type ParameterFieldKind = 'string' | 'timezone' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'json';

function primaryType(schema: JsonSchemaNode): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((entry) => entry !== 'null');
  return schema.type;
}

/** docs/product/agents.md#tools: string fields whose name mentions a timezone get the UTC offset validation. */
export function isTimezoneField(name: string, schema: JsonSchemaNode): boolean {
  return primaryType(schema) === 'string' && /time_?zone/i.test(name);
}

/** How the form renders a field; unsupported types get a raw JSON input (docs/product/agents.md#tools). */
export function parameterFieldKind(name: string, schema: JsonSchemaNode): ParameterFieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  const type = primaryType(schema);
  if (type === 'string') return isTimezoneField(name, schema) ? 'timezone' : 'string';
  if (type === 'number' || type === 'integer' || type === 'boolean') return type;
  if (
    type === 'array' &&
    schema.items &&
    ['string', 'number', 'integer', 'boolean'].includes(primaryType(schema.items) ?? '')
  )
    return 'array';
  return 'json';
}

export const TIMEZONE_MESSAGES = {
  format: 'Invalid timezone format. Use UTC+X or UTC-X (e.g., UTC+8, UTC-5)',
  range: 'Timezone offset must be between UTC-12 and UTC+14',
  minutes: 'Timezone minutes must be 00, 30, or 45',
} as const;

/** docs/product/agents.md#tools: UTC+X or UTC-X with optional minutes; answers the documented message, or null when valid. */
export function validateTimezoneOffset(value: string): string | null {
  const match = /^UTC([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(value.trim());
  if (!match) return TIMEZONE_MESSAGES.format;
  const sign = match[1] === '-' ? -1 : 1;
  const hours = Number(match[2]);
  const minutes = match[3] === undefined ? 0 : Number(match[3]);
  if (![0, 30, 45].includes(minutes)) return TIMEZONE_MESSAGES.minutes;
  const offsetMinutes = sign * (hours * 60 + minutes);
  if (offsetMinutes < -12 * 60 || offsetMinutes > 14 * 60) return TIMEZONE_MESSAGES.range;
  return null;
}

/** docs/product/agents.md#tools: an empty number input is null, never 0. */
export function parseNumberInput(text: string, options: { integer?: boolean } = {}): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  return options.integer ? Math.trunc(value) : value;
}

/** docs/product/agents.md#tools: removing the last item of an array leaves null, not an empty list. */
export function removeArrayItem<T>(items: readonly T[] | null | undefined, index: number): T[] | null {
  const next = (items ?? []).filter((_, position) => position !== index);
  return next.length === 0 ? null : next;
}

/** docs/product/agents.md#tools: sliders default to 0-100; step 1 for integers, otherwise the multiple or 0.1. */
export function numberFieldRange(schema: JsonSchemaNode): { min: number; max: number; step: number } {
  const isInteger = primaryType(schema) === 'integer';
  return {
    min: schema.minimum ?? 0,
    max: schema.maximum ?? 100,
    step: isInteger ? 1 : (schema.multipleOf ?? 0.1),
  };
}

/** docs/product/agents.md#tools: required fields show an asterisk. */
export function isRequiredParameter(schema: Pick<ToolSchema, 'required'>, name: string): boolean {
  return schema.required.includes(name);
}
