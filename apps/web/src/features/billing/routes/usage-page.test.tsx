import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  livePricingReply,
  me,
  mockApi,
  priceIdOf,
  renderBilling,
  stubBrowserApis,
  subscriberUsage,
} from '../test/billing-test-utils';
import { UsagePage } from './usage-page';

vi.mock('../lib/browser-navigation', () => ({ assignLocation: vi.fn(), openInNewTab: vi.fn() }));

type Handlers = Parameters<typeof mockApi>[0];

function api(usage: unknown, overrides: Handlers = {}) {
  return mockApi({
    'GET /api/me': { body: me },
    'GET /api/openrouter/usage': typeof usage === 'function' ? (usage as Handlers[string]) : { body: usage },
    'GET /api/pricing/plans': { body: livePricingReply() },
    ...overrides,
  });
}

const creditsSection = () => screen.getByRole('region', { name: 'Credits' });
const figure = (label: string) => within(creditsSection()).getByText(label).nextElementSibling;

beforeEach(() => {
  stubBrowserApis();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/usage credit meter', () => {
  it('shows remaining / limit, the used share and the bonus from the balance', async () => {
    api(
      subscriberUsage('growth_3000_month', {
        usageUsed: 750.25,
        totalCreditLimit: 4000,
        totalCreditsRemaining: 3249.75,
        planCreditsRemaining: 2249.75,
        bonusCreditsRemaining: 1000,
      }),
    );
    renderBilling(<UsagePage />, { path: '/usage' });
    expect(
      await within(await screen.findByRole('region', { name: 'Credits' })).findByTestId('credits'),
    ).toHaveTextContent('3,249.8 / 4,000');
    expect(within(creditsSection()).getByTestId('credits-used')).toHaveTextContent('18.8% used');
    expect(within(creditsSection()).getByRole('progressbar', { name: 'Credits used' }).firstElementChild).toHaveStyle({
      width: '18.8%',
    });
    expect(figure('Plan credits left')).toHaveTextContent('2,249.8');
    expect(figure('Bonus credits')).toHaveTextContent('1,000');
  });

  it('falls back: remaining = limit - used, plan remaining = creditsRemaining, bonus = total - plan, 2 % bar when unknown', async () => {
    api({
      balance: { usageUsed: 120, totalCreditLimit: 500, creditsRemaining: 300 },
      hasKey: true,
      usageLogs: [],
      error: null,
    });
    const first = renderBilling(<UsagePage />, { path: '/usage' });
    expect(
      await within(await screen.findByRole('region', { name: 'Credits' })).findByTestId('credits'),
    ).toHaveTextContent('380 / 500');
    expect(figure('Plan credits left')).toHaveTextContent('300');
    expect(figure('Bonus credits')).toHaveTextContent('80');
    expect(within(creditsSection()).getByTestId('credits-used')).toHaveTextContent('24% used');
    first.unmount();

    api({ balance: { totalCreditLimit: 500 }, hasKey: true, usageLogs: [], error: null });
    renderBilling(<UsagePage />, { path: '/usage' });
    const meter = await screen.findByRole('region', { name: 'Credits' });
    await waitFor(() => expect(within(meter).getByTestId('credits-used')).toHaveTextContent('Usage not known yet'));
    expect(within(meter).getByRole('progressbar', { name: 'Credits used' }).firstElementChild).toHaveStyle({
      width: '2%',
    });
    expect(within(meter).getByTestId('credits')).toHaveTextContent('0 / 500');
  });

  it("shows 'No plan yet' without a plan, and 'See plans'", async () => {
    api({ balance: null, hasKey: false, usageLogs: [], error: null });
    renderBilling(<UsagePage />, { path: '/usage' });
    expect(await screen.findByRole('heading', { name: 'No plan yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/?scrollToPricing=true');
    expect(within(creditsSection()).getByText('No plan yet')).toBeInTheDocument();
    expect(within(creditsSection()).getByRole('progressbar', { name: 'Credits used' }).firstElementChild).toHaveStyle({
      width: '2%',
    });
  });

  it("shows the error body's text under 'Unable to load usage', with a retry", async () => {
    let isDown = true;
    api(() =>
      isDown
        ? {
            status: 503,
            body: {
              error: {
                code: 'SERVICE_UNAVAILABLE',
                message: 'Service temporarily unavailable',
                support_id: 'd'.repeat(32),
              },
            },
          }
        : { body: subscriberUsage('growth_3000_month') },
    );
    renderBilling(<UsagePage />, { path: '/usage' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load usage');
    expect(alert).toHaveTextContent('Service temporarily unavailable');
    isDown = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Growth' })).toBeInTheDocument();
  });

  it("lists the usage log with the model defaulting to 'unknown' and cost to 0", async () => {
    api({
      ...subscriberUsage('growth_3000_month'),
      usageLogs: [
        { timestamp: '2026-11-20T10:00:00.000Z', model: 'gpt-4o-mini', cost: 1.234, usage_total: 1520 },
        { date: '2026-11-19T09:00:00.000Z', cost: 'n/a', usage_total: 80 },
      ],
    });
    renderBilling(<UsagePage />, { path: '/usage' });
    const table = await screen.findByRole('table', { name: 'Usage log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [expect.stringContaining('Nov 20, 2026'), 'gpt-4o-mini', '1.234', '1,520'],
      [expect.stringContaining('Nov 19, 2026'), 'unknown', '0', '80'],
    ]);
  });
});

describe('/usage promo code', () => {
  it("says 'Promo code is required' for a blank code and makes no call", async () => {
    const calls = api(subscriberUsage('growth_3000_month'));
    renderBilling(<UsagePage />, { path: '/usage' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/openrouter/credits/redeem')).toBe(false);
  });

  it("applies a code: 'Promo code applied', the balance replaced, then usage reloaded", async () => {
    let usageCalls = 0;
    const calls = api(
      () => {
        usageCalls += 1;
        return {
          body: subscriberUsage(
            'growth_3000_month',
            usageCalls > 1 ? { totalCreditsRemaining: 3250, totalCreditLimit: 3250, bonusCreditsRemaining: 250 } : {},
          ),
        };
      },
      {
        'POST /api/openrouter/credits/redeem': {
          body: {
            error: null,
            reason: null,
            amount: 250,
            balance: subscriberUsage('growth_3000_month', {
              totalCreditsRemaining: 3250,
              totalCreditLimit: 3250,
              bonusCreditsRemaining: 250,
            }).balance,
          },
        },
      },
    );
    renderBilling(<UsagePage />, { path: '/usage' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), '  launch250 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const banner = await screen.findByText('Promo code applied');
    expect(banner.parentElement).toHaveTextContent('Added 250 credits to your balance.');
    expect(calls.find((call) => call.path === '/api/openrouter/credits/redeem')?.body).toEqual({ code: 'launch250' });
    expect(within(creditsSection()).getByTestId('credits')).toHaveTextContent('3,250 / 3,250');
    await waitFor(() => expect(usageCalls).toBe(2));
  });

  it("says 'Bonus credits applied successfully.' without an amount, and 'Promo code failed' on a refusal", async () => {
    let answer: { status?: number; body: unknown } = { body: { error: null, reason: null, amount: 0, balance: null } };
    api(subscriberUsage('growth_3000_month'), { 'POST /api/openrouter/credits/redeem': () => answer });
    renderBilling(<UsagePage />, { path: '/usage' });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Promo code' });
    await user.type(input, 'BONUS');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByText('Promo code applied')).parentElement).toHaveTextContent(
      'Bonus credits applied successfully.',
    );

    answer = {
      status: 400,
      body: {
        error: {
          code: 'PROMO_CODE_INVALID',
          message: 'Unable to redeem promo code.',
          reason: 'expired',
          support_id: 'e'.repeat(32),
        },
      },
    };
    await user.type(input, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const failed = await screen.findByText('Promo code failed');
    expect(failed.parentElement).toHaveTextContent('Unable to redeem promo code.');
    expect(failed.closest('[role="alert"]')).toHaveAttribute('data-type', 'error');
  });
});

describe('/usage plan and status', () => {
  it("shows a scheduled downgrade ('Downgrade scheduled') and cancels it ('Downgrade canceled')", async () => {
    let isScheduled = true;
    const calls = api(
      () => ({
        body: subscriberUsage(
          'scale_10000_month',
          isScheduled
            ? { scheduledPriceId: priceIdOf('growth_3000_month'), scheduledChangeDate: '2026-12-22T00:00:00.000Z' }
            : {},
        ),
      }),
      {
        'POST /stripe/cancel-scheduled-downgrade': () => {
          isScheduled = false;
          return {
            body: {
              currentPlan: { displayName: 'Scale', creditLimit: 10000, priceId: null, tierCode: null },
              message: '',
              error: null,
            },
          };
        },
      },
    );
    renderBilling(<UsagePage />, { path: '/usage' });
    const plan = await screen.findByRole('region', { name: 'Scale' });
    const info = await within(plan).findByText('Downgrade scheduled');
    expect(info.parentElement).toHaveTextContent('Your plan will change to Growth (3k credits) on December 22, 2026.');

    await userEvent.setup().click(within(plan).getByRole('button', { name: 'Cancel downgrade' }));
    expect((await screen.findByText('Downgrade canceled')).parentElement).toHaveTextContent(
      'You will remain on Scale.',
    );
    expect(calls.find((call) => call.path === '/stripe/cancel-scheduled-downgrade')?.body).toEqual({});
    await waitFor(() => expect(within(plan).queryByText('Downgrade scheduled')).not.toBeInTheDocument());
  });

  it("schedules the cancellation ('Cancellation scheduled') and restores it with Resubscribe ('Subscription restored')", async () => {
    let isCanceling = false;
    const calls = api(() => ({ body: subscriberUsage('growth_3000_month', { cancelAtPeriodEnd: isCanceling }) }), {
      'POST /stripe/cancel-subscription': () => {
        isCanceling = true;
        return {
          body: {
            currentPlan: { displayName: 'Growth', creditLimit: 3000, priceId: null, tierCode: null },
            cancelDate: '2026-12-22T00:00:00.000Z',
            message: '',
            error: null,
          },
        };
      },
      'POST /stripe/resubscribe': () => {
        isCanceling = false;
        return {
          body: {
            currentPlan: { displayName: 'Growth', creditLimit: 3000, priceId: null, tierCode: null },
            message: '',
            url: null,
            error: null,
          },
        };
      },
    });
    renderBilling(<UsagePage />, { path: '/usage' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    expect((await screen.findAllByText('Cancellation scheduled'))[0]?.parentElement).toHaveTextContent(
      'Your subscription (Growth) will end on December 22, 2026.',
    );
    expect(calls.find((call) => call.path === '/stripe/cancel-subscription')?.body).toEqual({
      cancelAtPeriodEnd: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect((await screen.findByText('Subscription restored')).parentElement).toHaveTextContent(
      'Your subscription will continue without interruption.',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resubscribe' })).not.toBeInTheDocument());
  });

  it('keeps one status area with the latest outcome, and says it in a toast too', async () => {
    let isCanceling = false;
    // The refresh after each change answers late: the page must not wait for it to stop contradicting itself.
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((answer) => answer());
    api(
      () =>
        new Promise((resolve) => {
          waiting.push(() =>
            resolve({ body: subscriberUsage('growth_3000_month', { cancelAtPeriodEnd: isCanceling }) }),
          );
        }),
      {
        'POST /stripe/cancel-subscription': () => {
          isCanceling = true;
          return { body: { currentPlan: null, cancelDate: '2026-12-22T00:00:00.000Z', message: '', error: null } };
        },
        'POST /stripe/resubscribe': () => {
          isCanceling = false;
          return { body: { currentPlan: null, message: '', url: null, error: null } };
        },
      },
    );
    renderBilling(<UsagePage />, { path: '/usage' });
    await waitFor(() => expect(waiting).toHaveLength(1));
    release();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const plan = await screen.findByRole('region', { name: 'Growth' });
    expect(await within(plan).findByText('Cancellation scheduled')).toBeInTheDocument();

    await user.click(within(plan).getByRole('button', { name: 'Resubscribe' }));
    const status = screen.getByRole('region', { name: 'Latest billing status' });
    expect(await within(status).findByText('Subscription restored')).toBeInTheDocument();
    // Before the refresh answers: no 'Cancellation scheduled' left anywhere (card, status area or toasts).
    expect(screen.queryByText('Cancellation scheduled')).not.toBeInTheDocument();
    expect(within(status).getAllByRole('status')).toHaveLength(1);
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Subscription restored'),
    );
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
    release();
  });

  it("opens 'Manage your plan' from 'Manage plan'", async () => {
    api(subscriberUsage('growth_3000_month'));
    renderBilling(<UsagePage />, { path: '/usage' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Manage plan' }));
    expect(await screen.findByRole('dialog', { name: 'Manage your plan' })).toBeInTheDocument();
  });
});

describe('/usage upgrade return', () => {
  it("finalizes once, says 'Plan upgraded', refreshes and strips upgrade_success, session_id and price_id", async () => {
    let usageCalls = 0;
    const calls = api(
      () => {
        usageCalls += 1;
        return { body: subscriberUsage(usageCalls > 1 ? 'scale_10000_month' : 'growth_3000_month') };
      },
      {
        'POST /stripe/finalize-upgrade': {
          body: {
            success: true,
            status: 'upgraded',
            currentPlan: { displayName: 'Scale', creditLimit: 10000, priceId: null, tierCode: null },
            message: 'Your subscription has been updated successfully.',
          },
        },
      },
    );
    const { router } = renderBilling(<UsagePage />, {
      path: `/usage?upgrade_success=true&session_id=cs_return_1&price_id=${priceIdOf('scale_10000_month')}&tab=logs`,
    });
    expect((await screen.findByText('Plan upgraded')).parentElement).toHaveTextContent(
      'Your subscription has been updated successfully.',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=logs'));
    expect(calls.filter((call) => call.path === '/stripe/finalize-upgrade')).toEqual([
      { method: 'POST', path: '/stripe/finalize-upgrade', body: { sessionId: 'cs_return_1' } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Scale' })).toBeInTheDocument();
  });

  it('shows the decline text, not a pending confirmation, when the upgrade payment is declined (402)', async () => {
    api(subscriberUsage('growth_3000_month'), {
      'POST /stripe/finalize-upgrade': {
        status: 402,
        body: {
          error: {
            code: 'PAYMENT_FAILED',
            message: 'Your card was declined. Please update your payment method and try again.',
            support_id: 'a'.repeat(32),
            paymentErrorCode: 'card_declined',
          },
        },
      },
    });
    const { router } = renderBilling(<UsagePage />, {
      path: '/usage?upgrade_success=true&session_id=cs_return_declined',
    });
    const title = await screen.findByText('Failed to upgrade subscription');
    expect(title.parentElement).toHaveTextContent(
      'Your card was declined. Please update your payment method and try again.',
    );
    expect(screen.queryByText('Upgrade confirmation pending')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The old plan is still the one shown.
    expect(await screen.findByRole('heading', { name: 'Growth' })).toBeInTheDocument();
  });

  it("warns 'Upgrade confirmation pending' when the finalize fails", async () => {
    api(subscriberUsage('growth_3000_month'), { 'POST /stripe/finalize-upgrade': { status: 500, body: null } });
    const { router } = renderBilling(<UsagePage />, { path: '/usage?upgrade_success=true&session_id=cs_return_2' });
    const title = await screen.findByText('Upgrade confirmation pending');
    expect(title.parentElement).toHaveTextContent(
      "We couldn't confirm the upgrade automatically. Please contact support if your plan does not update shortly.",
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
