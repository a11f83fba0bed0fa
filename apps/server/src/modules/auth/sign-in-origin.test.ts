import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';

const startSignIn = (harness: Awaited<ReturnType<typeof createTestApp>>, origin: string, email: string) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/magic-link', headers: { origin, cookie: 'theme=dark' }, payload: { email, callbackURL: '/agents' } });

describe.each(['test', 'production'])('sign-in from either loopback name (NODE_ENV=%s, PUBLIC_URL=http://localhost:3000)', (NODE_ENV) => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ NODE_ENV });
  });
  afterAll(() => harness.close());

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])('accepts a browser on %s', async (origin) => {
    const reply = await startSignIn(harness, origin, `origin-${NODE_ENV}@agency.test`);
    expect(reply.statusCode).toBe(200);
  });

  it.each(['http://evil.example', 'http://127.0.0.1:4444', 'http://localhost.evil.example:3000'])('still refuses %s', async (origin) => {
    const reply = await startSignIn(harness, origin, `evil-${NODE_ENV}@agency.test`);
    expect(reply.statusCode).toBe(403);
  });
});
