import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';

describe('health, docs and unknown routes', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('reports every adapter mode', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ mode: process.env.DATABASE_URL ? 'postgres' : 'pglite', ok: true });
    expect(body.queue).toEqual({ mode: process.env.REDIS_URL ? 'redis' : 'in-process', ok: true });
    expect(body.cache).toEqual({ mode: process.env.REDIS_URL ? 'redis' : 'memory', ok: true });
    expect(body.mail).toEqual({ mode: 'log' });
    expect(body.payments).toEqual({ mode: 'local' });
    expect(body.llm).toEqual({ mode: 'offline' });
  });

  it('serves the OpenAPI document with the routes in it', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/subaccounts/{subaccountId}/theme',
        '/api/auth/pre-register',
      ]),
    );
  });

  it('answers unknown /api routes with a structured 404', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    expect(response.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a malformed JSON body with 400 in the structured shape', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.support_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('turns an unexpected failure into a 500 that hides the cause', async () => {
    // Closing the database makes the next query throw inside a handler.
    const broken = await createTestApp();
    await broken.app.platform.database.close();
    const failed = await broken.app.inject({
      method: 'POST',
      url: '/api/auth/pre-register',
      payload: { email: 'someone@agency.test', emailconsent: false },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Something went wrong' });
    expect(failed.body).not.toMatch(/closed|pglite|ECONN/i);
    await broken.app.close().catch(() => undefined);
  });
});
