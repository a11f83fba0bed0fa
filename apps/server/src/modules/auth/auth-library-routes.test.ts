import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { isAllowedAuthLibraryRoute } from './auth.routes';

type Endpoint = { path?: string; options?: { method?: string | string[] } };

/** The auth library's routes the product uses; every other one it mounts must answer our 404. */
const USED = ['POST /sign-in/magic-link', 'GET /magic-link/verify', 'POST /sign-in/social', 'POST /sign-out'];

describe("the auth library's user-level routes", () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;

  beforeAll(async () => {
    harness = await createTestApp();
    ({ cookie } = await signIn(harness.app, 'library.routes@agency.test'));
  });
  afterAll(() => harness.close());

  function mountedRoutes() {
    return Object.values(harness.app.authService.auth.api as Record<string, Endpoint>).flatMap((endpoint) => {
      if (!endpoint.path) return [];
      const methods = [endpoint.options?.method ?? 'GET'].flat().filter((method) => method !== '*');
      return methods.map((method) => ({ method, path: endpoint.path as string }));
    });
  }

  it('lets through exactly the routes the product uses, and the OAuth callback and session read', () => {
    const allowed = mountedRoutes()
      .filter((route) => isAllowedAuthLibraryRoute(route.method, `/api/auth${route.path.replace(':id', 'google')}`))
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(allowed).toEqual(
      [
        ...USED,
        'GET /callback/:id',
        'POST /callback/:id',
        'GET /get-session',
        'POST /get-session',
        'GET /ok',
        'GET /error',
      ]
        .filter((route) => route !== 'POST /get-session')
        .sort(),
    );
  });

  it('answers our 404 to a signed-in user on every other route the library mounts, in any spelling', async () => {
    const refused = mountedRoutes().filter(
      (route) => !isAllowedAuthLibraryRoute(route.method, `/api/auth${route.path.replace(':id', 'google')}`),
    );
    expect(refused.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/update-user', '/change-email', '/delete-user', '/link-social', '/list-sessions']),
    );
    for (const route of refused) {
      const path = route.path.replace(':token', 'token');
      for (const url of [`/api/auth${path}`, `/api/auth${path.toUpperCase()}`, `/api/auth/${path}`]) {
        const response = await harness.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
          payload:
            route.method === 'POST' ? { name: 'Changed', email: 'other@agency.test', newEmail: 'x@y.test' } : undefined,
        });
        expect({ url, method: route.method, status: response.statusCode }).toEqual({
          url,
          method: route.method,
          status: 404,
        });
        expect(response.json().error.code).toBe('ROUTE_NOT_FOUND');
      }
    }
  });

  it('still serves the session read to the signed-in user', async () => {
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('library.routes@agency.test');
  });
});
