import type { z } from 'zod';

/** A model's JSON answer checked against `schema`; code fences are tolerated. Undefined when it does not fit. */
export function parseModelJson<T extends z.ZodType>(schema: T, text: string): z.infer<T> | undefined {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}
