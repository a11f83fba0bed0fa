import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { PricingSection } from './pricing-section';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const me = {
  user: { id: 'u1', email: 'jane@example.com', name: 'Jane', image: null },
  subaccounts: [],
  activeSubaccountId: null,
};

function renderPricing({ isSignedIn = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(isSignedIn ? new Response(JSON.stringify(me), { status: 200 }) : new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401 })),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <PricingSection /> },
      { path: '/usage', element: <h1>Usage page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('PricingSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the four plans with Growth marked Most Popular', () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 2, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Starter',
      'Growth',
      'Scale',
      'Enterprise',
    ]);
    expect(within(card('Growth')).getByText('Most Popular')).toBeInTheDocument();
    for (const name of ['Starter', 'Scale', 'Enterprise']) expect(within(card(name)).queryByText('Most Popular')).not.toBeInTheDocument();
  });

  it('shows monthly prices by default', () => {
    renderPricing();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(within(card('Starter')).getByText('$25')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('$79')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('$297')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('MONTH')).toBeInTheDocument();
    expect(screen.queryByText('Billed yearly')).not.toBeInTheDocument();
  });

  it('switches to annual: yearly total / 12 per month, anchor struck through, Billed yearly', async () => {
    renderPricing();
    const user = userEvent.setup();

    const annual = screen.getByRole('radio', { name: /Annually/ });
    expect(annual).toHaveTextContent('-40%');
    await user.click(annual);

    expect(annual).toBeChecked();
    const growth = card('Growth');
    // $568.80 a year / 12 = $47.40, against the $79.00 monthly anchor.
    expect(within(growth).getByText('$47.40')).toBeInTheDocument();
    expect(within(growth).getByText('$79.00').closest('s')).not.toBeNull();
    expect(within(growth).getByText('Billed yearly')).toBeInTheDocument();
    expect(within(growth).getByText(/\$568\.80 per year/)).toBeInTheDocument();
    expect(within(card('Starter')).getByText('$15.00')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('$178.20')).toBeInTheDocument();
    expect(screen.getAllByText('Billed yearly')).toHaveLength(3);
  });

  it('abbreviates credits in the credit-tier selector', () => {
    renderPricing();
    expect(within(card('Growth')).getByRole('combobox', { name: 'Growth credits per month' })).toHaveTextContent('3k credits · $79');
    expect(within(card('Starter')).getByRole('combobox', { name: 'Starter credits per month' })).toHaveTextContent('500 credits · $25');
  });

  it('offers Enterprise as $2,000+ with Talk to Sales', () => {
    renderPricing();
    const enterprise = card('Enterprise');
    expect(within(enterprise).getByText('$2,000+')).toBeInTheDocument();
    expect(within(enterprise).getByRole('link', { name: 'Talk to Sales' })).toHaveAttribute('href', 'mailto:sales@agentry.dev');
  });

  it('asks a signed-out visitor to sign in before checkout', async () => {
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    const { router } = renderPricing();

    await userEvent.setup().click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(requests).toEqual([{ reason: 'user', callbackUrl: '/usage' }]);
    expect(router.state.location.pathname).toBe('/');
    stop();
  });

  it('takes a signed-in customer to /usage for checkout', async () => {
    const { router, queryClient } = renderPricing({ isSignedIn: true });
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toEqual(me));

    await userEvent.setup().click(within(card('Scale')).getByRole('button', { name: 'Choose Scale' }));

    expect(router.state.location.pathname).toBe('/usage');
  });
});
