import { toHttpTool, type HttpTool, type HttpToolInput } from '@agentry/core/tools';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';

/** The editor's tool definitions, normalised (docs/product/agents.md#tools); names must be unique on an agent. */
export function prepareAgentTools(inputs: readonly z.output<typeof HttpToolInput>[]): HttpTool[] {
  const tools = inputs.map(toHttpTool);
  const names = new Set<string>();
  for (const tool of tools) {
    const key = tool.name.toLowerCase();
    if (names.has(key)) throw new AppError('VALIDATION_ERROR', { message: `Tool names must be unique: ${tool.name}` });
    names.add(key);
  }
  return tools;
}
