import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { member } from './auth.tables';

type Operation = { method: string; path: string };

/** Every operation of the OpenAPI document, with path params filled by a malformed id. */
function listOperations(app: TestApp): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        operations.push({ method: method.toUpperCase(), path });
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
  /^\/api\/invitations\/\{token\}(\/sign-in)?$/, // the invitation link's preview and sign-in (the token is the secret)
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
  /^\/api\/support$/, // the Support Center form is open to signed-out visitors (validated and rate-limited)
];

const isPublic = (path: string) => publicRoutes.some((pattern) => pattern.test(path));

function fill(path: string, subaccountId = 'not-an-id%20%27') {
  return path.replace('{subaccountId}', subaccountId).replace(/\{[^}]+\}/g, 'not-an-id%20%27');
}

const isWrite = (method: string) => method !== 'GET';
const isSubaccountRoute = (path: string) => path.startsWith('/api/subaccounts/{subaccountId}');

describe('authentication comes before validation on every protected route', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let app: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
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
      if (response.statusCode !== 401)
        wrong.push(`${operation.method} ${operation.path} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers an anonymous caller 401 on every protected write route whatever the body is: broken JSON, another type', async () => {
    const operations = listOperations(app).filter(
      (operation) => !isPublic(operation.path) && isWrite(operation.method) && operation.method !== 'DELETE',
    );
    expect(operations.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const body of [
        { contentType: 'application/json', payload: '{"not json' },
        { contentType: 'text/plain', payload: 'hello' },
      ]) {
        const response = await app.inject({
          method: operation.method as 'POST',
          url: fill(operation.path),
          headers: { 'content-type': body.contentType },
          payload: body.payload,
        });
        if (response.statusCode !== 401)
          wrong.push(
            `${operation.method} ${operation.path} (${body.contentType}) -> ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a signed-in outsider 404 on every sub-account route, for a foreign and for a malformed id', async () => {
    const owner = await signInWithWorkspace(app, 'owner@route-guards.test');
    const outsider = await signInWithWorkspace(app, 'outsider@route-guards.test');
    const operations = listOperations(app).filter((operation) => isSubaccountRoute(operation.path));
    expect(operations.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const subaccountId of [owner.subaccountId, 'not-an-id%20%27']) {
        const response = await app.inject({
          method: operation.method as 'GET',
          url: fill(operation.path, subaccountId),
          headers: { cookie: outsider.cookie },
          ...(isWrite(operation.method) && operation.method !== 'DELETE' ? { payload: { unexpected: ['x'] } } : {}),
        });
        if (response.statusCode !== 404)
          wrong.push(
            `${operation.method} ${operation.path} (${subaccountId}) -> ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a viewer 403 on every write route of their sub account, before validation', async () => {
    const owner = await signInWithWorkspace(app, 'owner2@route-guards.test');
    const viewer = await signInWithWorkspace(app, 'viewer@route-guards.test');
    await app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: viewer.userId, role: 'viewer' });
    const operations = listOperations(app).filter(
      (operation) => isSubaccountRoute(operation.path) && isWrite(operation.method),
    );
    expect(operations.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await app.inject({
        method: operation.method as 'POST',
        url: fill(operation.path, owner.subaccountId),
        headers: { cookie: viewer.cookie },
        ...(operation.method !== 'DELETE' ? { payload: { unexpected: ['x'] } } : {}),
      });
      if (response.statusCode !== 403)
        wrong.push(`${operation.method} ${operation.path} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
