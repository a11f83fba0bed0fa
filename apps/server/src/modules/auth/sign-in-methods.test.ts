import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';

describe('GET /api/auth/methods', () => {
  it('offers e-mail only when Google has no keys', async () => {
    const harness = await createTestApp();
    try {
      const reply = await harness.app.inject({ method: 'GET', url: '/api/auth/methods' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ email: true, google: false });
      // What the Google button would have called: Better Auth does not know the provider.
      const social = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'google', callbackURL: '/agents' },
      });
      expect(social.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await harness.close();
    }
  }, 90_000);

  it('offers Google when its keys are configured', async () => {
    const harness = await createTestApp({
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const reply = await harness.app.inject({ method: 'GET', url: '/api/auth/methods' });
      expect(reply.json()).toEqual({ email: true, google: true });
    } finally {
      await harness.close();
    }
  }, 90_000);
});
