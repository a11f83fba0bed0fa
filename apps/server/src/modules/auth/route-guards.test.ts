import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';

type Operation = { method: string; path: string };

/** Every operation of the OpenAPI document, with path params filled by a malformed id. */
function listOperations(app: TestApp): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) operations.push({ method: method.toUpperCase(), path });
    }
  }
  return operations;
}

/**
 * Routes anyone may call without a session (or that authenticate otherwise and answer 401 by
 * themselves). Everything else in the API document is protected.
 */
const publicRoutes: RegExp[] = [
  /^\/api\/health/,
  /^\/api\/auth\//, // Better Auth and the sign-in entry points
  /^\/api\/(pre-register|check-user|check-linked-access|check-access|direct-login)/,
  /^\/api\/dev\//,
  /^\/api\/widget\//, // the website visitor chat and settings
  /^\/widget/,
  /^\/api\/shared-demos\//, // shared demo links, their chat and embeddability check
  /^\/api\/(demo-chat|openrouter\/chat|check-embeddable)$/,
  /^\/(api\/)?(stripe\/)?create-checkout$/, // checkout works for guests
  /^\/api\/billing\/local\//, // the local payment provider's test clock (never in production)
  /^\/api\/avatars$/,
  /^\/api\/marketplace\/marketplace-images$/,
  /^\/files\//, // uploaded files by their unguessable id
  /^\/v1\//, // API key: answers 401 itself
  /^\/webhook\//, // signed with the agent's webhook secret
  /^\/stripe\/webhook/,
  /^\/api\/stripe\/webhook/,
  /^\/api\/pricing/,
  /^\/api\/openrouter\/plans/,
  /^\/api\/marketplace\/(projects|listings|categories|experts)/,
];

const isPublic = (path: string) => publicRoutes.some((pattern) => pattern.test(path));

function fill(path: string) {
  return path.replace(/\{[^}]+\}/g, 'not-an-id%20%27');
}

describe('authentication comes before validation on every protected route', () => {
  let app: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
  });
  afterAll(async () => {
    await close();
  });

  it('answers an anonymous caller with an invalid body 401, never 400 or 500', async () => {
    const operations = listOperations(app);
    expect(operations.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const operation of operations) {
      if (isPublic(operation.path)) continue;
      const response = await app.inject({
        method: operation.method as 'GET',
        url: `${fill(operation.path)}?limit=not-a-number&format=nope`,
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: { unexpected: ['x'] } }),
      });
      if (response.statusCode !== 401) wrong.push(`${operation.method} ${operation.path} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
