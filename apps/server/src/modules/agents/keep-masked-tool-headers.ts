import type { HttpTool, HttpToolInput } from '@agentry/core/tools';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { TOOL_HEADER_MASK } from './mask-tool-credentials';

type ToolInput = z.output<typeof HttpToolInput>;

/**
 * The editor sends every tool back on save, as it got them. A header value still equal to the
 * mask (a copy read without the right to see credentials) keeps the value stored under the same
 * tool name and header name; a mask with nothing stored behind it is refused, never saved.
 */
export function keepMaskedToolHeaders(options: { inputs: ToolInput[]; stored: readonly HttpTool[] }): ToolInput[] {
  const storedByName = new Map(options.stored.map((tool) => [tool.name.toLowerCase(), tool]));
  return options.inputs.map((input) => {
    if (!Object.values(input.headers).includes(TOOL_HEADER_MASK)) return input;
    const stored = storedByName.get(input.name.toLowerCase());
    const headers = Object.fromEntries(
      Object.entries(input.headers).map(([name, value]) => {
        if (value !== TOOL_HEADER_MASK) return [name, value];
        const kept = stored?.headers[name];
        if (kept === undefined)
          throw new AppError('VALIDATION_ERROR', {
            message: `Enter the value of the header ${name} of the tool ${input.name}`,
          });
        return [name, kept];
      }),
    );
    return { ...input, headers };
  });
}
