import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_RETURN_STORAGE_KEY } from '../lib/checkout-urls';
import { me, mockApi, renderBilling, stubBrowserApis, subscriberUsage } from '../test/billing-test-utils';
import { CheckoutSuccessPage } from './checkout-success-page';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('/success', () => {
  it('confirms the purchase, applies the session, refreshes usage and links back to a same-site returnUrl', async () => {
    localStorage.setItem(CHECKOUT_RETURN_STORAGE_KEY, '/?scrollToPricing=true');
    let isApplied = false;
    const calls = mockApi({
      'GET /api/me': { body: me },
      'POST /api/billing/sync-checkout': () => {
        isApplied = true;
        return { body: { balance: null } };
      },
      'GET /api/openrouter/usage': () => ({
        body: isApplied
          ? subscriberUsage('growth_3000_month')
          : { balance: null, hasKey: false, usageLogs: [], error: null },
      }),
    });
    renderBilling(<CheckoutSuccessPage />, {
      path: '/success?email=ada%40agency.test&returnUrl=%2Fdemo%3Ftab%3D2&session_id=cs_ok',
    });
    expect(screen.getByRole('heading', { name: 'Thank you for your purchase' })).toBeInTheDocument();
    expect(screen.getByText('ada@agency.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/demo?tab=2');
    expect(await screen.findByTestId('success-credits')).toHaveTextContent('3,000 credits available');
    expect(screen.getByText('Growth')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/billing/sync-checkout')?.body).toEqual({ sessionId: 'cs_ok' });
    expect(localStorage.getItem(CHECKOUT_RETURN_STORAGE_KEY)).toBeNull();
  });

  it('refuses another site as returnUrl and goes to /usage instead', async () => {
    mockApi({
      'GET /api/me': { body: me },
      'GET /api/openrouter/usage': { body: { balance: null, hasKey: false, usageLogs: [], error: null } },
    });
    renderBilling(<CheckoutSuccessPage />, { path: '/success?returnUrl=https%3A%2F%2Fevil.test%2Fusage' });
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/usage');
    await waitFor(() =>
      expect(
        screen.getByText('Your plan and credits appear here as soon as the payment is confirmed.'),
      ).toBeInTheDocument(),
    );
  });
});
