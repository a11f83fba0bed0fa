import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { modelFacingToolSchema, type HttpTool } from '@agentry/core/tools';
import { executeHttpTool } from './execute-http-tool';

/** An agent's enabled HTTP tools as AI SDK tools; the SDK runs them when the model calls them. */
export function buildAgentTools(options: { tools: readonly HttpTool[]; allowLoopback: boolean }): ToolSet {
  const entries = options.tools
    .filter((entry) => entry.enabled)
    .map((entry) => [
      entry.name,
      tool({
        description: entry.description || entry.schema.description || entry.name,
        inputSchema: jsonSchema<Record<string, unknown>>(modelFacingToolSchema(entry) as JSONSchema7),
        execute: (input, { abortSignal }) =>
          executeHttpTool({
            tool: entry,
            modelArguments: input,
            signal: abortSignal,
            allowLoopback: options.allowLoopback,
          }),
      }),
    ]);
  return Object.fromEntries(entries) as ToolSet;
}
