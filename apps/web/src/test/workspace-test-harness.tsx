import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { MeReply } from '@agentry/core/auth';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { ErrorDialogHost } from '@/components/error-dialog';
import { handleApiError } from '@/lib/http-errors';
import { connectRoutes } from '@/app/routes/connect-routes';
import { workspaceRoutes } from '@/app/routes/workspace-routes';

/** Test-only helpers: a fake API at the fetch edge and the real workspace routes in a memory router. */

export const signedInUser: MeReply = {
  user: { id: 'u1', email: 'ada@agency.test', name: 'Ada Lovelace', image: null },
  subaccounts: [
    {
      id: 'sa-1',
      name: 'Acme Dental',
      logoUrl: null,
      role: 'admin',
      agentCount: 2,
      createdAt: '2025-01-05T10:00:00.000Z',
    },
    {
      id: 'sa-2',
      name: 'Bloom Florists',
      logoUrl: null,
      role: 'viewer',
      agentCount: 0,
      createdAt: '2025-02-01T10:00:00.000Z',
    },
  ],
  activeSubaccountId: 'sa-1',
};

type Reply = { status?: number; body?: unknown };
type Handler = (request: {
  method: string;
  path: string;
  body: unknown;
  /** The query string's parameters (handlers are keyed by path only). */
  query: URLSearchParams;
}) => Reply | Promise<Reply>;

export type ApiCall = { method: string; path: string; body: unknown };

/** Stubs fetch: handlers are keyed 'METHOD /path'; anything else answers 404. Returns the calls made. */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: Reply =
      handler === undefined
        ? { status: 404, body: { error: { code: 'ROUTE_NOT_FOUND', message: 'Route not found' } } }
        : typeof handler === 'function'
          ? await handler({ ...request, query: url.searchParams })
          : handler;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** jsdom has no matchMedia / ResizeObserver; Radix and sonner expect them. */
export function stubBrowserApis({ width = 1280, height = 800, prefersDark = false } = {}) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', height);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: prefersDark && query.includes('dark'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

function LandingStub() {
  const location = useLocation();
  return (
    <main>
      <p>Landing page</p>
      <p data-testid="landing-search">{location.search}</p>
    </main>
  );
}

export function createTestQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.silentError !== true) handleApiError(error);
      },
    }),
    defaultOptions: { queries: { retry: false } },
  });
}

/** Renders the real workspace routes at `path`, with '/' as a stand-in landing page. */
export function renderWorkspace(path: string, extraRoutes: RouteObject[] = []) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        Component: RootStub,
        children: [{ path: '/', Component: LandingStub }, ...workspaceRoutes, ...extraRoutes],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
/** Renders the real connect (account) routes at `path`, beside the workspace routes. */
export function renderConnect(path: string) {
  return renderWorkspace(path, connectRoutes);
}

function RootStub() {
  return (
    <>
      <Outlet />
      <ErrorDialogHost />
    </>
  );
}
