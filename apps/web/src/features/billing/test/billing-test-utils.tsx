import { billingPriceCatalogue } from '@agentry/core/billing';
import { computeAmountDue, promotions as corePromotions } from '@agentry/core/pricing';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { handleApiError } from '@/lib/http-errors';

/** Test-only helpers of the billing feature: a fake API at the fetch edge and a memory router. */

export const me = {
  user: { id: 'u1', email: 'ada@agency.test', name: 'Ada Lovelace', image: null },
  subaccounts: [],
  activeSubaccountId: null,
};

export const priceIdOf = (key: string) => `price_local_${key}`;

/** GET /api/pricing/plans as the server answers it, from the core catalogue. */
export function livePricingReply() {
  const plans: Record<string, unknown[]> = {};
  const offers: unknown[] = [];
  // The server's shape: each promotion and offer with what its checkout charges.
  const promotions = corePromotions.map((promotion) => {
    const price = billingPriceCatalogue.find((entry) => entry.key === promotion.priceKey);
    const priceCents = price?.amountCents ?? 0;
    return {
      id: promotion.id,
      couponId: promotion.discount.couponId,
      tierCode: price?.tierCode,
      billingInterval: price?.interval,
      stripePriceId: priceIdOf(promotion.priceKey),
      priceCents,
      amountDueCents: computeAmountDue({ priceKey: promotion.priceKey, listCents: priceCents, promotion }).dueCents,
      discountPercent: promotion.discount.percentOff,
      periodNote: promotion.periodNote,
    };
  });
  for (const price of billingPriceCatalogue) {
    if (price.kind === 'plan' && price.tierCode && (price.interval === 'month' || price.interval === 'year')) {
      (plans[price.displayName.toLowerCase()] ??= []).push({
        billingInterval: price.interval,
        price: price.amountCents / 100,
        priceCents: price.amountCents,
        stripePriceId: priceIdOf(price.key),
        tierCode: price.tierCode,
        creditLimit: price.creditLimit,
      });
    } else if (price.kind !== 'plan') {
      offers.push({
        key: price.key,
        name: price.displayName,
        mode: price.mode,
        price: price.amountCents / 100,
        priceCents: price.amountCents,
        amountDueCents: computeAmountDue({ priceKey: price.key, listCents: price.amountCents }).dueCents,
        stripePriceId: priceIdOf(price.key),
        credits: price.creditLimit,
        bonusCredits: price.bonusCredits,
      });
    }
  }
  return { plans, offers, promotions };
}

/** A usage answer for a subscriber of `key` (e.g. 'growth_3000_month'). */
export function subscriberUsage(key: string, overrides: Record<string, unknown> = {}) {
  const price = billingPriceCatalogue.find((entry) => entry.key === key);
  if (!price) throw new Error(`unknown price ${key}`);
  return {
    balance: {
      currentPriceId: priceIdOf(key),
      planCode: price.planFamily,
      tierCode: price.tierCode,
      configuredLimit: price.creditLimit,
      effectiveLimit: price.creditLimit,
      planCreditLimit: price.creditLimit,
      totalCreditLimit: price.creditLimit,
      usageUsed: 0,
      creditsRemaining: price.creditLimit,
      planCreditsRemaining: price.creditLimit,
      totalCreditsRemaining: price.creditLimit,
      bonusCreditsRemaining: 0,
      bonusCreditsGranted: 0,
      bonusCreditsTotal: 0,
      scheduledPriceId: null,
      scheduledChangeDate: null,
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
      billingInterval: price.interval,
      currentPeriodEnd: '2026-12-22T00:00:00.000Z',
      heldCredits: 0,
      ...overrides,
    },
    hasKey: true,
    usageLogs: [],
    usageByDay: [],
    error: null,
  };
}

type Reply = { status?: number; body?: unknown };
type Handler = (request: { method: string; path: string; search: string; body: unknown }) => Reply | Promise<Reply>;
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
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: Reply =
      handler === undefined
        ? { status: 404, body: { error: { code: 'ROUTE_NOT_FOUND', message: 'Route not found' } } }
        : typeof handler === 'function'
          ? await handler({ method, path: url.pathname, search: url.search, body })
          : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** jsdom lacks ResizeObserver, matchMedia and pointer capture; Radix and sonner expect them. */
export function stubBrowserApis() {
  for (const [name, stub] of [
    ['hasPointerCapture', () => false],
    ['releasePointerCapture', () => undefined],
    ['scrollIntoView', () => undefined],
  ] as const) {
    if (!(name in Element.prototype))
      Object.defineProperty(Element.prototype, name, { configurable: true, writable: true, value: stub });
  }
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `path` in a memory router with the query client and the toaster. */
export function renderBilling(element: ReactNode, { path = '/', routes = [] as RouteObject[] } = {}) {
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        mutation.meta?.silentError === true ? undefined : handleApiError(error),
    }),
    defaultOptions: { queries: { retry: false } },
  });
  const pathname = path.split('?')[0] ?? '/';
  const router = createMemoryRouter(
    [
      {
        path: pathname,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      ...routes,
      { path: '*', element: <LocationProbe /> },
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
