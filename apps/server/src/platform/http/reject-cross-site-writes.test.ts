import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestAgent, signInWithWorkspace } from '../../test/agent-fixtures';
import { UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './error-handler';
import { CROSS_SITE_MESSAGE, toAllowedOrigins } from './reject-cross-site-writes';

type ErrorReply = { error: { code: string; message: string } };

describe('cross-site request forgery', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let session: { cookie: string; subaccountId: string };
  let agentId: string;
  let rotateUrl: string;

  beforeAll(async () => {
    const created = await createTestApp();
    app = created.app;
    close = () => created.close();
    session = await signInWithWorkspace(app, 'csrf-owner@example.com');
    agentId = (await createTestAgent(app, session)).buildId;
    rotateUrl = `/api/subaccounts/${session.subaccountId}/agents/${agentId}/webhook/rotate`;
  });
  afterAll(() => close());

  async function currentSecret() {
    const response = await app.inject({
      method: 'GET',
      url: `/api/subaccounts/${session.subaccountId}/agents/${agentId}/webhook`,
      headers: { cookie: session.cookie },
    });
    return response.json<{ secret: string }>().secret;
  }

  it('a text/plain form on another localhost port cannot rotate the webhook secret', async () => {
    const before = await currentSecret();
    const response = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: {
        cookie: session.cookie,
        'content-type': 'text/plain',
        origin: 'http://localhost:4000',
        'sec-fetch-site': 'same-site',
      },
      payload: 'x=y',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorReply>().error).toMatchObject({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
    expect(await currentSecret()).toBe(before);
  });

  it('refuses a text/plain body even without Origin (no parser for it): 415 asking for JSON', async () => {
    const before = await currentSecret();
    const response = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: { cookie: session.cookie, 'content-type': 'text/plain' },
      payload: 'x=y',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorReply>().error.message).toBe(UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    const form = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=y',
    });
    expect(form.statusCode).toBe(415);
    expect(await currentSecret()).toBe(before);
  });

  it('refuses a cross-site request without Origin by its Sec-Fetch-Site, and an opaque Origin', async () => {
    const noOrigin = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(noOrigin.statusCode).toBe(403);
    const opaque = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: { cookie: session.cookie, origin: 'null' },
    });
    expect(opaque.statusCode).toBe(403);
  });

  it('refuses an upload from another origin before reading the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/files?purpose=attachment',
      headers: {
        cookie: session.cookie,
        origin: 'http://127.0.0.1:8080',
        'content-type': 'multipart/form-data; boundary=x',
        'x-file-name': 'a.txt',
      },
      payload: '--x\r\n\r\nhello\r\n--x--',
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets the app itself write, from PUBLIC_URL and in development from the other loopback name and Vite', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']) {
      const response = await app.inject({
        method: 'POST',
        url: rotateUrl,
        headers: { cookie: session.cookie, origin, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode, origin).toBe(200);
    }
    const navigation = await app.inject({
      method: 'POST',
      url: rotateUrl,
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(navigation.statusCode).toBe(200);
  });

  it('keeps routes authenticated otherwise open to other origins, cookie or not', async () => {
    const webhook = await app.inject({
      method: 'POST',
      url: `/webhook/${agentId}`,
      headers: { cookie: session.cookie, origin: 'https://integrations.example', 'x-webhook-secret': 'wrong' },
      payload: { type: 'user_message', message: 'hi' },
    });
    expect(webhook.statusCode).toBe(401);
    const demoChat = await app.inject({
      method: 'POST',
      url: '/api/demo-chat',
      headers: { cookie: session.cookie, origin: 'https://client.example' },
      payload: { demoId: 'missing', message: 'hi' },
    });
    expect(demoChat.statusCode).toBe(404);
    const publicApi = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { cookie: session.cookie, origin: 'https://client.example', authorization: 'Bearer sk-x' },
      payload: {},
    });
    expect(publicApi.statusCode).toBe(401);
  });

  it('only PUBLIC_URL in production', () => {
    expect([...toAllowedOrigins({ publicUrl: 'https://app.example.com', isProduction: true })]).toEqual([
      'https://app.example.com',
    ]);
  });
});
