import { modelFacingToolSchema, type HttpTool } from '@agentry/core/tools';
import type { ChatTool, ChatToolCall } from '../../platform/llm/language-model';
import { executeHttpTool } from './execute-http-tool';

/** An agent's enabled HTTP tools: what the model is offered, and how a call of one is run. */
export type AgentTools = {
  definitions: ChatTool[];
  /**
   * Runs one tool call of the model and answers the tool message's content: the tool's
   * result as JSON, or what went wrong (a blocked address, a timeout, arguments that are not
   * JSON, an unknown tool), so the model can tell the visitor.
   */
  run: (call: ChatToolCall, signal?: AbortSignal) => Promise<string>;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : JSON.stringify(error);
}

export function buildAgentTools(options: { tools: readonly HttpTool[]; allowLoopback: boolean }): AgentTools {
  const enabled = new Map(options.tools.filter((entry) => entry.enabled).map((entry) => [entry.name, entry]));
  const definitions = [...enabled.values()].map((entry) => ({
    name: entry.name,
    description: entry.description || entry.schema.description || entry.name,
    parameters: modelFacingToolSchema(entry),
  }));

  async function run(call: ChatToolCall, signal?: AbortSignal): Promise<string> {
    const tool = enabled.get(call.function.name);
    if (!tool)
      return `Model tried to call unavailable tool '${call.function.name}'. Available tools: ${[...enabled.keys()].join(', ')}.`;
    let modelArguments: Record<string, unknown>;
    try {
      const text = call.function.arguments.trim();
      const parsed: unknown = text === '' ? {} : JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      modelArguments = parsed as Record<string, unknown>;
    } catch (error) {
      return `Invalid input for tool ${tool.name}: ${messageOf(error)}`;
    }
    try {
      const result = await executeHttpTool({ tool, modelArguments, signal, allowLoopback: options.allowLoopback });
      return JSON.stringify(result);
    } catch (error) {
      return messageOf(error);
    }
  }

  return { definitions, run };
}
