import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openUpgradeDialog } from '@/lib/upgrade-events';
import { assignLocation, openInNewTab } from '../lib/browser-navigation';
import {
  livePricingReply,
  me,
  mockApi,
  priceIdOf,
  renderBilling,
  stubBrowserApis,
  subscriberUsage,
} from '../test/billing-test-utils';
import { estimateUpgradeCredit, UpgradeDialogHost } from './upgrade-dialog';

vi.mock('../lib/browser-navigation', () => ({ assignLocation: vi.fn(), openInNewTab: vi.fn() }));

type Handlers = Parameters<typeof mockApi>[0];

function api({ isSubscriber = false, overrides = {} }: { isSubscriber?: boolean; overrides?: Handlers } = {}) {
  return mockApi({
    'GET /api/me': { body: me },
    'GET /api/pricing/plans': { body: livePricingReply() },
    'GET /api/openrouter/usage': {
      body: isSubscriber
        ? subscriberUsage('growth_3000_month')
        : { balance: null, hasKey: false, usageLogs: [], error: null },
    },
    'GET /stripe/subscription-details': {
      body: isSubscriber
        ? {
            hasSubscription: true,
            subscription: {
              id: 'sub_1',
              amount: 7900,
              currency: 'usd',
              status: 'active',
              interval: 'month',
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
            },
            priceId: priceIdOf('growth_3000_month'),
          }
        : { hasSubscription: false, subscription: null, priceId: null },
    },
    ...overrides,
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Upgrade to Unlock' });
const plan = (name: string) => within(dialog()).getByRole('article', { name });

async function open() {
  act(() => openUpgradeDialog());
  await waitFor(() => expect(within(plan('Scale')).getByRole('button', { name: 'Choose Scale' })).toBeEnabled());
}

beforeEach(() => {
  stubBrowserApis();
  vi.mocked(assignLocation).mockReset();
  vi.mocked(openInNewTab).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("'Upgrade to Unlock' dialog", () => {
  it('opens from the event with the plan gate text and a monthly/yearly toggle', async () => {
    api();
    renderBilling(<UpgradeDialogHost />, { path: '/demo' });
    await open();
    expect(within(dialog()).getByText('Pick a plan to use this feature')).toBeInTheDocument();
    expect(within(plan('Growth')).getByText('$79')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog()).getByRole('radio', { name: 'Yearly' }));
    expect(within(plan('Growth')).getByText('$47.40')).toBeInTheDocument();
    expect(within(plan('Growth')).getByText('Billed yearly')).toBeInTheDocument();
  });

  it('sends a customer without a subscription to checkout in a new tab, back to this page', async () => {
    const calls = api({
      overrides: { 'POST /api/stripe/create-checkout': { body: { url: 'http://localhost/checkout/cs_2' } } },
    });
    renderBilling(<UpgradeDialogHost />, { path: '/demo' });
    await open();
    await userEvent.setup().click(within(plan('Growth')).getByRole('button', { name: 'Choose Growth' }));
    await waitFor(() => expect(openInNewTab).toHaveBeenCalledWith('http://localhost/checkout/cs_2'));
    expect(
      (calls.find((call) => call.path === '/api/stripe/create-checkout')?.body as { successUrl: string }).successUrl,
    ).toContain('returnUrl=%2Fdemo');
  });

  it('falls back to an estimated credit of 99 % of the current amount when the preview fails, then upgrades', async () => {
    const calls = api({
      isSubscriber: true,
      overrides: {
        'POST /stripe/preview-upgrade': { status: 500, body: null },
        'POST /api/stripe/create-upgrade-checkout': { body: { url: 'http://localhost/checkout/setup', error: null } },
      },
    });
    renderBilling(<UpgradeDialogHost />, { path: '/demo' });
    await open();
    const user = userEvent.setup();
    await waitFor(() => expect(within(plan('Growth')).getByRole('button', { name: 'Current Plan' })).toBeDisabled());
    await user.click(within(plan('Scale')).getByRole('button', { name: 'Choose Scale' }));
    expect(await within(dialog()).findByText('$78.21')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm upgrade' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('http://localhost/checkout/setup'));
    expect(calls.find((call) => call.path === '/api/stripe/create-upgrade-checkout')?.body).toEqual({
      newPriceId: priceIdOf('scale_10000_month'),
      returnUrl: `${window.location.origin}/demo`,
    });
  });

  it('offers a subscriber only upgrades: a dearer pack of a plan above, and marks a plan below as such', async () => {
    mockApi({
      'GET /api/me': { body: me },
      'GET /api/pricing/plans': { body: livePricingReply() },
      'GET /api/openrouter/usage': { body: subscriberUsage('growth_9000_month') },
      'GET /stripe/subscription-details': {
        body: {
          hasSubscription: true,
          subscription: {
            id: 'sub_1',
            amount: 19900,
            currency: 'usd',
            status: 'active',
            interval: 'month',
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
          },
          priceId: priceIdOf('growth_9000_month'),
        },
      },
    });
    renderBilling(<UpgradeDialogHost />, { path: '/demo' });
    await open();
    await waitFor(() => expect(within(plan('Growth')).getByRole('button', { name: 'Current Plan' })).toBeDisabled());
    // Growth 9,000 costs $199: Scale's first pack ($297) is an upgrade; every Starter pack costs less.
    expect(within(plan('Scale')).getByText('$297')).toBeInTheDocument();
    expect(within(plan('Starter')).getByRole('button', { name: 'Below your plan' })).toBeDisabled();
  });

  it("shows a card error, or 'Failed to process upgrade. Please try again.'", async () => {
    let answer: { status: number; body: unknown } = {
      status: 402,
      body: {
        error: { code: 'PAYMENT_FAILED', paymentErrorCode: 'expired_card', message: 'x', support_id: '1'.repeat(32) },
      },
    };
    api({ isSubscriber: true, overrides: { 'POST /api/stripe/create-upgrade-checkout': () => answer } });
    renderBilling(<UpgradeDialogHost />, { path: '/demo' });
    await open();
    const user = userEvent.setup();
    await waitFor(() => expect(within(plan('Scale')).getByRole('button', { name: 'Choose Scale' })).toBeEnabled());
    await user.click(within(plan('Scale')).getByRole('button', { name: 'Choose Scale' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Confirm upgrade' }));
    expect(
      await within(dialog()).findByText('Your card has expired. Please update your payment method.'),
    ).toBeInTheDocument();
    answer = { status: 500, body: null };
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm upgrade' }));
    expect(await within(dialog()).findByText('Failed to process upgrade. Please try again.')).toBeInTheDocument();
  });

  it('shows the success view after an upgrade returns to the page and closes it after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api({
      isSubscriber: true,
      overrides: {
        'POST /stripe/finalize-upgrade': {
          body: {
            success: true,
            status: 'upgraded',
            currentPlan: { displayName: 'Scale', creditLimit: 10000, priceId: null, tierCode: null },
            message: '',
          },
        },
      },
    });
    const { router } = renderBilling(<UpgradeDialogHost />, {
      path: '/demo?upgrade_success=true&session_id=cs_dialog_1&price_id=p',
    });
    const result = await screen.findByTestId('upgrade-result');
    expect(result).toHaveTextContent('Plan upgraded');
    expect(result).toHaveTextContent('Your subscription has been updated successfully.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((call) => call.path === '/stripe/finalize-upgrade')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('estimates 99 % of the current amount in major units, or nothing when it is unknown', () => {
    expect(estimateUpgradeCredit(7900)).toBe(78.21);
    expect(estimateUpgradeCredit(null)).toBeNull();
    expect(estimateUpgradeCredit(0)).toBeNull();
  });
});
