import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { assignLocation, openInNewTab } from '../lib/browser-navigation';
import { CHECKOUT_RETURN_STORAGE_KEY } from '../lib/checkout-urls';
import { findPromotion } from '../lib/pricing-plans';
import {
  livePricingReply,
  me,
  mockApi,
  priceIdOf,
  renderBilling,
  stubBrowserApis,
  subscriberUsage,
} from '../test/billing-test-utils';
import { PricingPlans, PricingSection } from './pricing-section';

vi.mock('../lib/browser-navigation', () => ({ assignLocation: vi.fn(), openInNewTab: vi.fn() }));

const signedOut = { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' } } };

function api(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}, { isSignedIn = true } = {}) {
  return mockApi({
    'GET /api/me': isSignedIn ? { body: me } : signedOut,
    'GET /api/pricing/plans': { body: livePricingReply() },
    ...overrides,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

async function waitForPrices() {
  await waitFor(() => expect(within(card('Growth')).getByRole('button', { name: 'Choose Growth' })).toBeEnabled());
}

beforeEach(() => {
  stubBrowserApis();
  vi.mocked(openInNewTab).mockReset();
  vi.mocked(assignLocation).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pricing screen, default variant', () => {
  it('shows the heading and the four plans with Growth marked Most Popular, no legacy plans', async () => {
    api();
    renderBilling(<PricingSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Starter', 'Growth', 'Scale', 'Enterprise']);
    expect(within(card('Growth')).getByText('Most Popular')).toBeInTheDocument();
    for (const name of ['Starter', 'Scale', 'Enterprise'])
      expect(within(card(name)).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(screen.queryByText('Starter Legacy')).not.toBeInTheDocument();
    await waitForPrices();
  });

  it('shows monthly prices by default with the MONTH period', async () => {
    api();
    renderBilling(<PricingSection />);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(within(card('Starter')).getByText('$25')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('$79')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('$297')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('MONTH')).toBeInTheDocument();
    expect(screen.queryByText('Billed yearly')).not.toBeInTheDocument();
    await waitForPrices();
  });

  it("switches to annual: yearly total / 12 to 2 decimals, the anchor struck through, 'Billed yearly', '/mo' in the selector", async () => {
    api();
    renderBilling(<PricingSection />);
    const user = userEvent.setup();
    const annual = screen.getByRole('radio', { name: /Annually/ });
    expect(annual).toHaveTextContent('-40%');
    await user.click(annual);

    const growth = card('Growth');
    expect(within(growth).getByText('$47.40')).toBeInTheDocument();
    expect(within(growth).getByText('$79.00').closest('s')).not.toBeNull();
    expect(within(growth).getByText('Billed yearly')).toBeInTheDocument();
    expect(within(growth).getByText(/\$568\.80 per year/)).toBeInTheDocument();
    expect(within(growth).getByRole('combobox', { name: 'Growth credits per month' })).toHaveTextContent(
      '3k credits · $47.40/mo',
    );
    expect(within(card('Starter')).getByText('$15.00')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('$178.20')).toBeInTheDocument();
    expect(screen.getAllByText('Billed yearly')).toHaveLength(3);
    await waitForPrices();
  });

  it("abbreviates credits of 1,000 or more with 'k' and follows the chosen pack", async () => {
    api();
    renderBilling(<PricingSection />);
    const user = userEvent.setup();
    expect(within(card('Growth')).getByRole('combobox', { name: 'Growth credits per month' })).toHaveTextContent(
      '3k credits · $79',
    );
    expect(within(card('Starter')).getByRole('combobox', { name: 'Starter credits per month' })).toHaveTextContent(
      '500 credits · $25',
    );
    await user.click(within(card('Scale')).getByRole('combobox', { name: 'Scale credits per month' }));
    await user.click(await screen.findByRole('option', { name: '100k credits · $1,997' }));
    expect(within(card('Scale')).getByText('$1,997')).toBeInTheDocument();
    await waitForPrices();
  });

  it("offers Enterprise at $2,000+ with 'Talk to Sales' opening the external form", async () => {
    api();
    renderBilling(<PricingSection />);
    const link = within(card('Enterprise')).getByRole('link', { name: 'Talk to Sales' });
    expect(within(card('Enterprise')).getByText('$2,000+')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', 'mailto:sales@agentry.dev');
    expect(link).toHaveAttribute('target', '_blank');
    await waitForPrices();
  });

  it("shows a disabled 'Coming Soon' for a card without a price id", async () => {
    api({ 'GET /api/pricing/plans': { body: { plans: {}, offers: [] } } });
    renderBilling(<PricingSection />);
    await waitFor(() => expect(within(card('Growth')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled());
    expect(within(card('Starter')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });
});

describe('checkout (pricing button)', () => {
  it('stores the return url and asks a signed-out visitor to sign in, with the checkout callback', async () => {
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    const calls = api({}, { isSignedIn: false });
    renderBilling(<PricingSection />, { path: '/?scrollToPricing=true' });
    await waitForPrices();

    await userEvent.setup().click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(requests).toEqual([
      {
        reason: 'user',
        callbackUrl: `/api/auth/callback/checkout?priceId=${priceIdOf('growth_3000_month')}&mode=subscription&returnUrl=%2Fusage`,
      },
    ]);
    expect(localStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBe('/?scrollToPricing=true');
    expect(calls.some((call) => call.path === '/api/stripe/create-checkout')).toBe(false);
    stop();
  });

  it('creates the checkout and opens it in a new tab', async () => {
    const calls = api({
      'POST /api/stripe/create-checkout': {
        body: { url: 'http://localhost/api/billing/local-checkout/cs_1', sessionId: 'cs_1' },
      },
    });
    renderBilling(<PricingSection />);
    await waitForPrices();
    await userEvent.setup().click(within(card('Scale')).getByRole('button', { name: 'Choose Scale' }));

    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith('http://localhost/api/billing/local-checkout/cs_1'));
    const body = calls.find((call) => call.path === '/api/stripe/create-checkout')?.body as Record<string, string>;
    expect(body).toMatchObject({
      priceId: priceIdOf('scale_10000_month'),
      mode: 'subscription',
      email: 'ada@agency.test',
    });
    expect(body.successUrl).toBe(
      'http://localhost:3000/success?email=ada%40agency.test&returnUrl=%2Fusage'.replace(
        'http://localhost:3000',
        window.location.origin,
      ),
    );
    expect(body.cancelUrl).toBe(`${window.location.origin}/`);
  });

  it('redirectToPortal: the payment message, then the billing portal after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'POST /api/stripe/create-checkout': {
        body: { redirectToPortal: true, url: 'http://localhost/portal', error: 'ignored' },
      },
    });
    renderBilling(<PricingSection />);
    await waitForPrices();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(
      await within(card('Growth')).findByText(
        'Your subscription payment failed. Please update your payment method to continue.',
      ),
    ).toBeInTheDocument();
    expect(openInNewTab).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(assignLocation).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(assignLocation).toHaveBeenCalledWith('http://localhost/portal');
  });

  it('hasActiveSubscription: the message, then /dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'POST /api/stripe/create-checkout': {
        status: 409,
        body: { hasActiveSubscription: true, error: 'You already have an active subscription!' },
      },
    });
    const { router } = renderBilling(<PricingSection />);
    await waitForPrices();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(await within(card('Growth')).findByRole('status')).toHaveTextContent(
      'You already have an active subscription!',
    );
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shouldSignIn: the message, then the sign-in dialog after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    api({
      'POST /api/stripe/create-checkout': {
        body: {
          shouldSignIn: true,
          error: 'This email already has an active subscription. Please sign in to manage it.',
        },
      },
    });
    renderBilling(<PricingSection />);
    await waitForPrices();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(
      await within(card('Growth')).findByText(
        'This email already has an active subscription. Please sign in to manage it.',
      ),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(requests).toHaveLength(1);
    stop();
  });

  it("shows the server's error, or 'Failed to create checkout session - no URL returned' for an answer without one", async () => {
    let answer: { status: number; body: unknown } = {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Price not found', support_id: 'a'.repeat(32) } },
    };
    api({ 'POST /api/stripe/create-checkout': () => answer });
    renderBilling(<PricingSection />);
    await waitForPrices();
    const user = userEvent.setup();
    await user.click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));
    expect(await within(card('Growth')).findByRole('alert')).toHaveTextContent('Price not found');

    answer = { status: 200, body: {} };
    await user.click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));
    await waitFor(() =>
      expect(within(card('Growth')).getByRole('alert')).toHaveTextContent(
        'Failed to create checkout session - no URL returned',
      ),
    );
  });

  it('useUpgradeFlow: a subscriber choosing another plan continues in the plan-change modal', async () => {
    api({
      'POST /api/stripe/create-checkout': {
        body: { useUpgradeFlow: true, newPriceId: priceIdOf('scale_10000_month') },
      },
      'GET /api/openrouter/usage': { body: subscriberUsage('growth_3000_month') },
      'POST /stripe/get-price': ({ body }) => ({
        body: { unitAmount: (body as { priceId: string }).priceId.includes('scale') ? 29700 : 7900 },
      }),
      'POST /stripe/preview-upgrade': {
        body: {
          proration: {
            currency: 'usd',
            creditAmount: -3950,
            chargeAmount: 14850,
            totalDueNow: 10900,
            daysRemaining: 14.2,
          },
          nextBillingDate: '2026-12-22T00:00:00.000Z',
          billingCycleReset: false,
          currentPlan: { displayName: 'Growth', creditLimit: 3000 },
          targetPlan: { displayName: 'Scale', creditLimit: 10000 },
          creditsGranted: 3500,
          prorationDate: '2026-12-08T00:00:00.000Z',
        },
      },
    });
    renderBilling(<PricingSection />);
    await waitForPrices();
    await userEvent.setup().click(within(card('Scale')).getByRole('button', { name: 'Choose Scale' }));

    const dialog = await screen.findByRole('dialog', { name: 'Manage your plan' });
    expect(await within(dialog).findByText('Step 2 of 2')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('total-due')).toHaveTextContent('$109.00 USD');
    expect(openInNewTab).not.toHaveBeenCalled();
  });
});

describe('pricing variants', () => {
  it('promotional mode: Growth only, the promo badge, the discounted first month, the promotion sent to checkout', async () => {
    const calls = api({ 'POST /api/stripe/create-checkout': { body: { url: 'http://localhost/checkout' } } });
    renderBilling(<PricingSection variant="promotional" promotion={findPromotion('growth69')} />);
    expect(
      screen
        .getAllByRole('article')
        .map(
          (article) =>
            article.getAttribute('aria-labelledby') && within(article).getByRole('heading', { level: 3 }).textContent,
        ),
    ).toEqual(['Growth']);
    const growth = card('Growth');
    expect(within(growth).getByTestId('promo-badge')).toHaveTextContent('69% OFF');
    expect(within(growth).getByText('$24.49')).toBeInTheDocument();
    expect(within(growth).getByText('$79').closest('s')).not.toBeNull();
    expect(screen.queryByRole('radio', { name: /Annually/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Starter Legacy')).not.toBeInTheDocument();

    await waitForPrices();
    await userEvent.setup().click(within(growth).getByRole('button', { name: 'Choose Growth' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/stripe/create-checkout')?.body).toMatchObject({
        priceId: priceIdOf('growth_3000_month'),
        couponId: 'promo_growth69',
      }),
    );
  });

  it('promotional mode shows what the server says the checkout charges', async () => {
    const reply = livePricingReply() as { promotions: { id: string; amountDueCents: number }[] };
    reply.promotions = reply.promotions.map((promotion) =>
      promotion.id === 'growth75' ? { ...promotion, amountDueCents: 1976 } : promotion,
    );
    api({ 'GET /api/pricing/plans': { body: reply } });
    renderBilling(<PricingSection variant="promotional" promotion={findPromotion('growth75')} />);
    expect(within(card('Growth')).getByText('$19.75')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Growth')).getByText('$19.76')).toBeInTheDocument());
    expect(within(card('Growth')).getByTestId('promo-badge')).toHaveTextContent('75% OFF');
  });

  it('keeps the promotion through sign-in: the callback carries its coupon and the stored return url keeps ?promo=', async () => {
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    const calls = api({}, { isSignedIn: false });
    renderBilling(<PricingSection variant="promotional" promotion={findPromotion('growth69')} />, {
      path: '/?promo=growth69',
    });
    await waitForPrices();
    await userEvent.setup().click(within(card('Growth')).getByRole('button', { name: 'Choose Growth' }));

    expect(requests).toHaveLength(1);
    const callback = new URL(requests[0]?.callbackUrl ?? '', window.location.origin);
    expect(callback.pathname).toBe('/api/auth/callback/checkout');
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      priceId: priceIdOf('growth_3000_month'),
      mode: 'subscription',
      couponId: 'promo_growth69',
      returnUrl: '/usage',
    });
    expect(localStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBe('/?promo=growth69');
    expect(calls.some((call) => call.path === '/api/stripe/create-checkout')).toBe(false);
    stop();
  });

  it('secret page: the three fixed offers, monthly only, the 1,000 FOREVER bonus, and the legacy plans', async () => {
    api();
    renderBilling(<PricingSection variant="secret" />);
    expect(screen.queryByRole('radio', { name: /Annually/ })).not.toBeInTheDocument();
    const starter = card('Starter');
    // $25 x 0.79 against the $25 anchor, 21% off.
    expect(within(starter).getByText('$19.75')).toBeInTheDocument();
    expect(within(starter).getByText('$25').closest('s')).not.toBeNull();
    expect(within(starter).getByTestId('promo-badge')).toHaveTextContent('21% OFF');
    expect(within(starter).getByRole('group', { name: 'Starter credits per month' })).toHaveTextContent(
      '500 credits+1k FOREVER',
    );
    expect(within(card('Zoom Coaching Call')).getByText('$997')).toBeInTheDocument();
    expect(within(card('Zoom Coaching Call')).getByText('$2,000').closest('s')).not.toBeNull();
    expect(within(card('Mentoring + Lifetime')).getByText('$30,000').closest('s')).not.toBeNull();
    expect(screen.getByRole('article', { name: 'Starter Legacy' })).toBeInTheDocument();
    // The older single plan 'For AI Entrepreneurs': $79 a month, or $462 a year ($38.50 / month, SAVE 51%).
    const unlimited = screen.getByRole('article', { name: 'Unlimited Legacy' });
    expect(within(unlimited).getByText('For AI Entrepreneurs')).toBeInTheDocument();
    expect(within(unlimited).getByText('$79')).toBeInTheDocument();
    expect(within(unlimited).getByText('or $462 a year ($38.50 / month) · SAVE 51%')).toBeInTheDocument();
    for (const feature of [
      'Unlimited sub accounts',
      'Unlimited connections',
      'Marketplace access',
      'Unlimited AI builds',
      'Advanced prompt testing',
    ])
      expect(within(unlimited).getByText(feature)).toBeInTheDocument();
    // No price id is on sale for the legacy plans.
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Starter Legacy' })).getByRole('button', { name: 'Coming Soon' }),
      ).toBeDisabled(),
    );
    expect(within(starter).getByRole('button', { name: 'Choose Starter' })).toBeEnabled();
  });

  it('secretModal: Get Started, Book Coaching, Claim Lifetime; a one-time offer checks out in payment mode', async () => {
    const calls = api({ 'POST /api/stripe/create-checkout': { body: { url: 'http://localhost/checkout' } } });
    renderBilling(<PricingPlans variant="secretModal" />);
    await waitFor(() => expect(within(card('Starter')).getByRole('button', { name: 'Get Started' })).toBeEnabled());
    expect(within(card('Zoom Coaching Call')).getByRole('button', { name: 'Book Coaching' })).toBeInTheDocument();
    expect(within(card('Mentoring + Lifetime')).getByRole('button', { name: 'Claim Lifetime' })).toBeInTheDocument();

    await userEvent.setup().click(within(card('Mentoring + Lifetime')).getByRole('button', { name: 'Claim Lifetime' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/stripe/create-checkout')?.body).toMatchObject({
        priceId: priceIdOf('offer_lifetime'),
        mode: 'payment',
      }),
    );
  });
});
