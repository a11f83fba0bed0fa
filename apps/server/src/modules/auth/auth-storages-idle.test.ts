import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import type { BetterAuthOptions } from 'better-auth';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';

// Better Auth's storages are released while no auth call runs (release-idle-storages.ts). Auth
// itself must not notice: concurrent signed-in requests and sign-ins, each call ending while others
// still run, all answer as before, and the storages are released once every call has ended.
describe("Better Auth's async storages, released while idle", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('keeps the premise of the release: Better Auth runs its background tasks awaited (no handler set)', () => {
    // With a handler, work would outlive its call and could read a released store.
    const options: BetterAuthOptions = harness.app.authService.auth.options;
    expect(options.advanced?.backgroundTasks).toBeUndefined();
  });

  it('answers concurrent signed-in requests and sign-ins as usual, then releases the storages', async () => {
    const { app } = harness;
    const { cookie } = await signIn(app, `idle-${Date.now()}@agentry.test`);
    const requestState = await getRequestStateAsyncLocalStorage();
    const disable = vi.spyOn(requestState, 'disable');
    try {
      const me = () => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      const responses = await Promise.all([
        ...Array.from({ length: 40 }, me),
        ...Array.from({ length: 3 }, (_, index) =>
          signIn(app, `idle-${index}-${Date.now()}@agentry.test`).then(() => ({ statusCode: 200 })),
        ),
        ...Array.from({ length: 40 }, me),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      await nextTurn();
      await nextTurn();
      expect(disable).toHaveBeenCalled();
      // Still signed in after the release: the next call turns the storages on again.
      disable.mockClear();
      expect((await me()).statusCode).toBe(200);
      await nextTurn();
      expect(disable).toHaveBeenCalled();
    } finally {
      disable.mockRestore();
    }
  });
});
