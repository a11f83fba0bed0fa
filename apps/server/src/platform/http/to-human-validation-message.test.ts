import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toHumanValidationMessage } from './to-human-validation-message';

/** The issue as fastify-type-provider-zod hands it to the error handler. */
function issueOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  const [first] = result.error.issues;
  if (!first) throw new Error('no issue');
  const { path, code, message, ...params } = first;
  return { keyword: code, instancePath: `/${path.join('/')}`, message, params };
}

describe('toHumanValidationMessage', () => {
  it("turns the library's generic texts into a sentence naming the field", () => {
    const body = z.object({ settings: z.object({ maxConcurrency: z.number().max(10) }) });
    expect(toHumanValidationMessage(issueOf(body, { settings: { maxConcurrency: 11 } }))).toBe(
      'Max concurrency must be at most 10.',
    );
    expect(toHumanValidationMessage(issueOf(z.object({ name: z.string().min(1) }), { name: '' }))).toBe(
      'Name is required.',
    );
    expect(toHumanValidationMessage(issueOf(z.object({ title: z.string().max(5) }), { title: 'too long' }))).toBe(
      'Title must be at most 5 characters.',
    );
    expect(toHumanValidationMessage(issueOf(z.object({ theme: z.enum(['light', 'dark']) }), { theme: 'blue' }))).toBe(
      'Theme must be one of: light, dark.',
    );
    expect(toHumanValidationMessage(issueOf(z.object({ email: z.email() }), { email: 'nope' }))).toBe(
      'Email is not a valid email.',
    );
  });

  it('tells a missing field from one of the wrong type', () => {
    const body = z.object({ agentId: z.string() });
    expect(toHumanValidationMessage(issueOf(body, {}))).toBe('Agent id is required.');
    expect(toHumanValidationMessage(issueOf(body, { agentId: 4 }))).toBe('Agent id has the wrong type.');
  });

  it("keeps a schema's own message (the product's texts) as it is", () => {
    const body = z.object({ model: z.string().min(1, 'Please select a model') });
    expect(toHumanValidationMessage(issueOf(body, { model: '' }))).toBe('Please select a model');
    const cursor = z.object({ cursor: z.string().regex(/^c/, 'Invalid cursor') });
    expect(toHumanValidationMessage(issueOf(cursor, { cursor: 'x' }))).toBe('Invalid cursor');
  });
});
