import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../lib/browser-navigation';
import {
  livePricingReply,
  me,
  mockApi,
  priceIdOf,
  renderBilling,
  stubBrowserApis,
  subscriberUsage,
} from '../test/billing-test-utils';
import { PlanChangeModal } from './plan-change-modal';
import type { StatusBannerData } from './status-banner';

vi.mock('../lib/browser-navigation', () => ({ assignLocation: vi.fn(), openInNewTab: vi.fn() }));

const amounts: Record<string, number> = {
  [priceIdOf('starter_500_month')]: 2500,
  [priceIdOf('growth_3000_month')]: 7900,
  [priceIdOf('growth_4500_month')]: 10900,
  [priceIdOf('scale_10000_month')]: 29700,
  [priceIdOf('growth_3000_year')]: 56880,
  [priceIdOf('starter_2000_year')]: 39600,
};

const preview = {
  proration: { currency: 'eur', creditAmount: -3950, chargeAmount: 14850, totalDueNow: 10900, daysRemaining: 14.2 },
  nextBillingDate: '2026-12-22T00:00:00.000Z',
  billingCycleReset: false,
  currentPlan: {
    displayName: 'Growth',
    creditLimit: 3000,
    priceId: priceIdOf('growth_3000_month'),
    tierCode: 'growth_3000',
  },
  targetPlan: {
    displayName: 'Scale',
    creditLimit: 10000,
    priceId: priceIdOf('scale_10000_month'),
    tierCode: 'scale_10000',
  },
  creditsGranted: 3500,
  prorationDate: '2026-12-08T00:00:00.000Z',
};

type Handlers = Parameters<typeof mockApi>[0];

function api(overrides: Handlers = {}, usage = subscriberUsage('growth_3000_month')) {
  return mockApi({
    'GET /api/me': { body: me },
    'GET /api/openrouter/usage': { body: usage },
    'GET /api/pricing/plans': { body: livePricingReply() },
    'POST /stripe/get-price': ({ body }) => ({
      body: { unitAmount: amounts[(body as { priceId: string }).priceId] ?? null },
    }),
    'POST /stripe/preview-upgrade': { body: preview },
    ...overrides,
  });
}

function renderModal(props: Partial<Parameters<typeof PlanChangeModal>[0]> = {}) {
  const outcomes: StatusBannerData[] = [];
  const onOpenChange = vi.fn();
  const view = renderBilling(
    <PlanChangeModal open onOpenChange={onOpenChange} onOutcome={(banner) => outcomes.push(banner)} {...props} />,
    { path: '/usage' },
  );
  return { ...view, outcomes, onOpenChange };
}

const dialog = () => screen.getByRole('dialog', { name: 'Manage your plan' });
const planCard = (name: string) => within(dialog()).getByRole('article', { name });

async function waitForCards() {
  await waitFor(() => expect(within(dialog()).getAllByRole('article')).toHaveLength(4));
  // The current plan is known once usage arrived.
  await waitFor(() => expect(within(planCard('Growth')).getByRole('button', { name: /Current Plan/ })).toBeDisabled());
}

beforeEach(() => {
  stubBrowserApis();
  vi.mocked(assignLocation).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("plan-change modal 'Manage your plan': step 1", () => {
  it('shows the step, subtitle and 4 skeletons while the plans load', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    api({ 'GET /api/pricing/plans': () => new Promise((resolve) => (answer = resolve)) });
    renderModal();
    expect(within(dialog()).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(
      within(dialog()).getByText(
        'Upgrades bill immediately with prorated credits. Downgrades take effect at the end of your current billing period.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getAllByTestId('plan-skeleton')).toHaveLength(4);
    answer({ body: livePricingReply() });
    await waitForCards();
    expect(within(dialog()).queryAllByTestId('plan-skeleton')).toHaveLength(0);
  });

  it('labels the cards Current Plan, Upgrade, Downgrade and Contact Sales, with the footer hint', async () => {
    api();
    renderModal();
    await waitForCards();
    expect(within(planCard('Starter')).getByRole('button', { name: /^Downgrade/ })).toBeEnabled();
    expect(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ })).toBeEnabled();
    expect(within(planCard('Enterprise')).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(dialog()).getByText('Select a plan to continue and view billing details')).toBeInTheDocument();
    const annual = within(dialog()).getByRole('radio', { name: /Annually/ });
    expect(annual).toHaveTextContent('-40%');
  });

  it("labels the same allowance billed yearly 'Switch Plan'", async () => {
    api();
    renderModal();
    await waitForCards();
    await userEvent.setup().click(within(dialog()).getByRole('radio', { name: /Annually/ }));
    expect(within(planCard('Growth')).getByRole('button', { name: /^Switch Plan/ })).toBeEnabled();
    expect(within(planCard('Growth')).getByText('$47.40')).toBeInTheDocument();
  });

  it("says 'This plan is already active.' when the active pack is picked", async () => {
    api();
    renderModal();
    await waitForCards();
    const user = userEvent.setup();
    const select = within(planCard('Growth')).getByRole('combobox', { name: 'Growth credit pack' });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /4.5k credits/ }));
    expect(within(planCard('Growth')).getByRole('button', { name: /^Upgrade/ })).toBeEnabled();
    expect(within(dialog()).getByText('Select a plan to continue and view billing details')).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /3k credits/ }));
    expect(within(dialog()).getByText('This plan is already active.')).toBeInTheDocument();
  });

  it("shows 'No plans available.' when nothing is on sale", async () => {
    api({ 'GET /api/pricing/plans': { body: { plans: {}, offers: [] } } });
    renderModal();
    expect(await within(dialog()).findByText('No plans available.')).toBeInTheDocument();
  });
});

describe('plan-change modal: review and confirm', () => {
  it('upgrade: Plan Change Summary, the proration summary (amounts / 100, currency upper-cased, days rounded up), then the upgrade checkout', async () => {
    let answerPreview: (value: { body: unknown }) => void = () => undefined;
    const calls = api({
      'POST /stripe/preview-upgrade': () => new Promise((resolve) => (answerPreview = resolve)),
      'POST /stripe/create-upgrade-checkout': {
        body: { url: 'http://localhost/api/billing/local-checkout/cs_up', error: null },
      },
    });
    const { onOpenChange } = renderModal();
    await waitForCards();
    const user = userEvent.setup();
    await user.click(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ }));

    expect(await within(dialog()).findByText('Step 2 of 2')).toBeInTheDocument();
    expect(within(dialog()).getByRole('heading', { name: 'Plan Change Summary' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('heading', { name: 'Proration summary' })).toBeInTheDocument();
    // While the proration loads, both buttons wait.
    expect(within(dialog()).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: '← Back to Plans' })).toBeDisabled();
    expect(calls.find((call) => call.path === '/stripe/preview-upgrade')?.body).toEqual({
      newPriceId: priceIdOf('scale_10000_month'),
      renewCycle: true,
    });

    answerPreview({ body: preview });
    expect(await within(dialog()).findByTestId('total-due')).toHaveTextContent('€109.00 EUR');
    expect(within(dialog()).getByText('-€39.50')).toBeInTheDocument();
    expect(within(dialog()).getByText('€148.50')).toBeInTheDocument();
    expect(within(dialog()).getByTestId('days-remaining')).toHaveTextContent('15');
    expect(within(dialog()).queryByText('What changes after the downgrade')).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('http://localhost/api/billing/local-checkout/cs_up'),
    );
    expect(calls.find((call) => call.path === '/stripe/create-upgrade-checkout')?.body).toEqual({
      newPriceId: priceIdOf('scale_10000_month'),
      returnUrl: `${window.location.origin}/usage`,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('decides by the unit amounts: a dearer price with fewer credits is an upgrade; Back returns to the plans', async () => {
    api();
    renderModal();
    await waitForCards();
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: /Annually/ }));
    const starter = planCard('Starter');
    await user.click(within(starter).getByRole('combobox', { name: 'Starter credit pack' }));
    await user.click(await screen.findByRole('option', { name: /2k credits/ }));
    // The action compares prices: $396 a year is more than $79 a month, so it is billed now; with
    // fewer credits it is neither an upgrade nor a downgrade to the eye: 'Switch Plan'.
    expect(within(planCard('Starter')).getByTestId('plan-change-timing')).toHaveTextContent(
      'Billed now · credits added at once',
    );
    await user.click(within(planCard('Starter')).getByRole('button', { name: /^Switch Plan/ }));
    expect(await within(dialog()).findByRole('heading', { name: 'Proration summary' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Confirm change' })).toBeEnabled());

    await user.click(within(dialog()).getByRole('button', { name: '← Back to Plans' }));
    expect(within(dialog()).getByText('Step 1 of 2')).toBeInTheDocument();
  });

  it('annual Growth to monthly Scale: labelled by what happens (at renewal), and says when the credits arrive', async () => {
    api({}, subscriberUsage('growth_3000_year'));
    renderModal();
    await waitFor(() => expect(within(dialog()).getAllByRole('article')).toHaveLength(4));
    const user = userEvent.setup();
    await user.click(within(dialog()).getByRole('radio', { name: /Monthly/ }));
    const scale = planCard('Scale');
    // More credits, but $297 a month is less than $568.80 a year: the change waits for the renewal.
    expect(within(scale).queryByRole('button', { name: /^Upgrade/ })).not.toBeInTheDocument();
    expect(within(scale).getByTestId('plan-change-timing')).toHaveTextContent(
      'Starts December 22, 2026 · credits arrive then',
    );
    await user.click(within(scale).getByRole('button', { name: /^Switch Plan/ }));
    expect(await within(dialog()).findByTestId('plan-change-when')).toHaveTextContent(
      'Starts December 22, 2026. The new allowance of 10k credits arrives that day; nothing is charged today.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Schedule downgrade' })).toBeEnabled();
  });

  it('falls back to credit limits when the price lookup fails', async () => {
    api({ 'POST /stripe/get-price': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'down' } } } });
    renderModal();
    await waitForCards();
    await userEvent.setup().click(within(planCard('Starter')).getByRole('button', { name: /^Downgrade/ }));
    expect(
      await within(dialog()).findByRole('heading', { name: 'What changes after the downgrade' }),
    ).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Schedule downgrade' })).toBeEnabled();
  });

  it('downgrade: what changes, the over-limit warning, then the scheduled downgrade and its banner', async () => {
    const calls = api(
      {
        'POST /stripe/schedule-downgrade': {
          body: {
            scheduledPlan: {
              displayName: 'Starter',
              creditLimit: 500,
              priceId: priceIdOf('starter_500_month'),
              tierCode: 'starter_500',
            },
            effectiveDate: '2026-12-22T00:00:00.000Z',
            message: '',
            error: null,
          },
        },
      },
      subscriberUsage('growth_3000_month', { usageUsed: 812.5 }),
    );
    const { outcomes, onOpenChange } = renderModal();
    await waitForCards();
    const user = userEvent.setup();
    await user.click(within(planCard('Starter')).getByRole('button', { name: /^Downgrade/ }));

    expect(
      await within(dialog()).findByRole('heading', { name: 'What changes after the downgrade' }),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText(/Your plan changes to Starter on December 22, 2026/)).toBeInTheDocument();
    expect(within(dialog()).getByText(/Only one sub account stays active/)).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'You have used 812.5 credits this period, more than the 500 credits of the new plan.',
    );
    expect(calls.some((call) => call.path === '/stripe/preview-upgrade')).toBe(false);

    await user.click(within(dialog()).getByRole('button', { name: 'Schedule downgrade' }));
    await waitFor(() =>
      expect(outcomes).toEqual([
        {
          type: 'success',
          title: 'Downgrade scheduled',
          description: 'Your plan will change to Starter on December 22, 2026.',
        },
      ]),
    );
    expect(calls.find((call) => call.path === '/stripe/schedule-downgrade')?.body).toEqual({
      newPriceId: priceIdOf('starter_500_month'),
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("a 409 from the preview shows the long text and raises 'Subscription needs attention'", async () => {
    api({
      'POST /stripe/preview-upgrade': {
        status: 409,
        body: {
          error: {
            code: 'SUBSCRIPTION_NOT_FOUND',
            message: 'Active subscription not found. Please ensure your subscription is active before making changes.',
            support_id: 'b'.repeat(32),
          },
        },
      },
    });
    const { outcomes } = renderModal();
    await waitForCards();
    await userEvent.setup().click(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ }));
    const text =
      "We couldn't find an active subscription for this customer. If you've recently canceled, resubscribe first or contact support to continue. If you recently tried upgrading and this message persists, contact support so we can refresh your subscription.";
    expect(await within(dialog()).findByText(text)).toBeInTheDocument();
    await waitFor(() =>
      expect(outcomes).toEqual([{ type: 'warning', title: 'Subscription needs attention', description: text }]),
    );
  });

  it("shows 'Unable to calculate proration. Please try again.' when the preview fails without a message", async () => {
    api({ 'POST /stripe/preview-upgrade': { status: 500, body: null } });
    renderModal();
    await waitForCards();
    await userEvent.setup().click(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ }));
    expect(await within(dialog()).findByText('Unable to calculate proration. Please try again.')).toBeInTheDocument();
  });

  it.each([
    ['card_declined', 'Your card was declined. Please update your payment method and try again.'],
    ['insufficient_funds', 'Your card has insufficient funds. Please try a different payment method.'],
    ['payment_method_required', 'No payment method on file. Please add a payment method first.'],
    ['authentication_required', 'Your bank requires authentication. Please try again and complete the verification.'],
    ['expired_card', 'Your card has expired. Please update your payment method.'],
  ])('shows the card error text for %s', async (code, text) => {
    api({
      'POST /stripe/create-upgrade-checkout': {
        status: 402,
        body: {
          error: {
            code: 'PAYMENT_FAILED',
            paymentErrorCode: code,
            message: 'Payment failed',
            support_id: 'c'.repeat(32),
          },
        },
      },
    });
    renderModal();
    await waitForCards();
    const user = userEvent.setup();
    await user.click(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ }));
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Confirm change' })).toBeEnabled());
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm change' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    if (code === 'payment_method_required')
      expect(within(alert).getByRole('link', { name: 'Go to settings' })).toHaveAttribute('href', '/settings');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it("refuses a tier without a price id: 'Invalid plan selection - missing price ID. Please try again.' and no call", async () => {
    const pricing = livePricingReply();
    const scale = pricing.plans.scale as { stripePriceId: string | null }[];
    for (const entry of scale) entry.stripePriceId = null;
    const calls = api({ 'GET /api/pricing/plans': { body: pricing } });
    renderModal();
    await waitForCards();
    const user = userEvent.setup();
    await user.click(within(planCard('Scale')).getByRole('button', { name: /^Upgrade/ }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Confirm change' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'Invalid plan selection - missing price ID. Please try again.',
    );
    expect(calls.some((call) => call.path.includes('upgrade') || call.path.includes('downgrade'))).toBe(false);
  });

  it('opens on the review of a preselected price (useUpgradeFlow)', async () => {
    api();
    renderModal({ initialPriceId: priceIdOf('scale_10000_month') });
    expect(await within(dialog()).findByText('Step 2 of 2')).toBeInTheDocument();
    expect(await within(dialog()).findByTestId('total-due')).toHaveTextContent('€109.00 EUR');
  });
});
