import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { BAD_URL_MESSAGE } from './error-handler';
import {
  MAX_NESTING_DEPTH,
  NESTING_MESSAGE,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  findMalformedText,
} from './find-malformed-text';

type ErrorReply = {
  error: { code: string; message: string; support_id: string; fields: { path: string; message: string }[] };
};

describe('NUL characters and lone surrogates', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let session: { cookie: string; subaccountId: string };
  let agentId: string;

  beforeAll(async () => {
    const created = await createTestApp();
    app = created.app;
    close = () => created.close();
    session = await signInWithWorkspace(app, 'text-owner@example.com');
    agentId = (await createTestAgent(app, session)).buildId;
  });
  afterAll(() => close());

  function expectRefused(response: { statusCode: number; json: <T>() => T }, path: string, message: string) {
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ErrorReply>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe(message);
    expect(error.support_id).toMatch(/^[0-9a-f]{32}$/);
    expect(error.fields).toEqual([{ path, message }]);
  }

  it('refuses a NUL in a signed-in JSON body', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${session.subaccountId}/agents/${agentId}`,
      headers: { cookie: session.cookie },
      payload: { aiName: 'bad\u0000name' },
    });
    expectRefused(response, 'aiName', NUL_MESSAGE);
  });

  it('refuses a lone surrogate written as a JSON escape, in a value, an object key and deep inside', async () => {
    const chat = await app.inject({
      method: 'POST',
      url: '/api/demo-chat',
      headers: { 'content-type': 'application/json' },
      payload: '{"demoId":"d","message":"hi \\ud800"}',
    });
    expectRefused(chat, 'message', SURROGATE_MESSAGE);
    // Better Auth's routes take any body: keys and nesting reach it unvalidated.
    const key = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","k\\udc00":1}',
    });
    expectRefused(key, 'k\uFFFD', SURROGATE_MESSAGE);
    const deep = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","x":[[{"y":"\\u0000"}]]}',
    });
    expectRefused(deep, 'x.0.0.y', NUL_MESSAGE);
  });

  it('refuses them in path parameters and the query on anonymous routes', async () => {
    expectRefused(await app.inject({ method: 'GET', url: '/api/shared-demos/abc%00def' }), 'demoId', NUL_MESSAGE);
    expectRefused(await app.inject({ method: 'GET', url: `/api/widget/w%00/settings` }), 'widgetId', NUL_MESSAGE);
    expectRefused(
      await app.inject({ method: 'GET', url: '/api/auth/check-user?email=a%00@example.com' }),
      'email',
      NUL_MESSAGE,
    );
    expectRefused(
      await app.inject({
        method: 'POST',
        url: `/api/subaccounts/${session.subaccountId}%00/agents/${agentId}/webhook/rotate`,
        headers: { cookie: session.cookie },
      }),
      'subaccountId',
      NUL_MESSAGE,
    );
  });

  it('refuses a path that is not valid percent-encoded UTF-8 (an encoded lone surrogate) in the structured shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/shared-demos/%ED%A0%80' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorReply>().error).toMatchObject({ code: 'VALIDATION_ERROR', message: BAD_URL_MESSAGE });
  });

  it('refuses a 10,000-deep body that Better Auth would fail on', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorReply>().error.message).toBe(NESTING_MESSAGE);
  });

  it('answers the public API in its own error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-nothing' },
      payload: { model: agentId, messages: [{ role: 'user', content: 'a\u0000' }] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('still accepts well-formed text with paired surrogates (emoji)', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/subaccounts/${session.subaccountId}/agents/${agentId}`,
      headers: { cookie: session.cookie },
      payload: { aiName: 'Rocket \u{1F680} agent' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ aiName: string }>().aiName).toBe('Rocket \u{1F680} agent');
  });
});

describe('findMalformedText', () => {
  it('finds a NUL 100 levels deep, and refuses 101 levels, without recursion', () => {
    let value: unknown = 'a\u0000';
    for (let depth = 0; depth < MAX_NESTING_DEPTH; depth += 1) value = [value];
    const found = findMalformedText(value);
    expect(found?.message).toBe(NUL_MESSAGE);
    expect(found?.path.length).toBeLessThanOrEqual(201);
    expect(findMalformedText([value])?.message).toBe(NESTING_MESSAGE);
    let deep: unknown = 1;
    for (let depth = 0; depth < 10_000; depth += 1) deep = { a: deep };
    expect(findMalformedText(deep)?.message).toBe(NESTING_MESSAGE);
  });

  it('tells a lone high, a lone low and a reversed pair from a valid pair', () => {
    expect(findMalformedText('\uD83D')).not.toBeNull();
    expect(findMalformedText('x\uDE80')).not.toBeNull();
    expect(findMalformedText('\uDE80\uD83D')).not.toBeNull();
    expect(findMalformedText('\uD83D\uDE80')).toBeNull();
  });
});
