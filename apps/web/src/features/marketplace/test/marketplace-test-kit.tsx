import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { MeReply } from '@agentry/core/auth';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/** Test-only: a fake API at the fetch edge, a query client without retries, a memory router. */

export const signedInMe: MeReply = {
  user: { id: 'u1', email: 'ada@agency.test', name: 'Ada Lovelace', image: null },
  subaccounts: [],
  activeSubaccountId: null,
};

export const images = ['/media/marketplace/images/office.svg', '/media/marketplace/images/robot-arm.svg'];
export const avatars = ['/media/avatars/avatar-01.svg', '/media/avatars/avatar-02.svg'];

export function makeProject(overrides: Partial<MarketplaceProject> = {}): MarketplaceProject {
  return {
    id: 'p1',
    title: 'AI receptionist for a dental clinic',
    description:
      'We need an assistant that books appointments, answers questions about prices and hands over to staff.',
    timeframe: '2-4 weeks',
    price: '$500 a month',
    priceValue: 500,
    priceType: 'monthly',
    image: images[0] ?? '',
    icon: avatars[0] ?? '',
    category: 'Chatbots',
    marketplaceType: 'business',
    authorName: 'Grace Hopper',
    companyName: 'Bright Smiles',
    email: null,
    status: 'live',
    isOwner: false,
    replyCount: null,
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  };
}

export type Reply = { status?: number; body?: unknown } | Error;
export type ApiCall = { method: string; path: string; search: string; body: unknown; headers: Record<string, string> };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/** Stubs fetch: handlers keyed 'METHOD /path'; anything else answers 404. Returns the calls made. */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.search,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: Reply =
      handler === undefined
        ? { status: 404, body: { error: { code: 'ROUTE_NOT_FOUND', message: 'Route not found' } } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `element` at `path` (plus any extra routes) with a fresh query client. */
export function renderWithProviders(
  element: ReactNode,
  options: { path?: string; initialEntry?: string; routes?: RouteObject[]; queryClient?: QueryClient } = {},
) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: options.path ?? '*', element }, ...(options.routes ?? [])], {
    initialEntries: [options.initialEntry ?? '/'],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** jsdom lacks what Radix measures and scrolls with. */
export function stubLayoutApis() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  if (!('hasPointerCapture' in Element.prototype)) Object.assign(Element.prototype, { hasPointerCapture: () => false });
  if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });
}
