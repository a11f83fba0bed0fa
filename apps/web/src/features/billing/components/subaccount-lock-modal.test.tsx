import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, mockApi, renderBilling, stubBrowserApis } from '../test/billing-test-utils';
import { isConfirmationTyped, SubaccountLockModal } from './subaccount-lock-modal';

const subaccounts = [
  {
    id: 'sa-1',
    name: 'Acme Dental',
    logoUrl: null,
    agentCount: 2,
    createdAt: '2025-01-05T10:00:00.000Z',
    isLocked: false,
  },
  {
    id: 'sa-2',
    name: 'Bloom Florists',
    logoUrl: 'https://cdn.test/bloom.png',
    agentCount: 1,
    createdAt: '2025-02-01T10:00:00.000Z',
    isLocked: false,
  },
];

/**
 * The modal once a person can use it: Radix turns the page's pointer events off as the dialog opens
 * and the dialog's own back on a render later, and a click in between (a busy machine) is refused.
 */
async function findReadyDialog(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: 'Select Your Active Subaccount' });
  await waitFor(() =>
    expect(getComputedStyle(within(dialog).getAllByRole('radio')[0]!).pointerEvents).not.toBe('none'),
  );
  return dialog;
}

function api({ selectStatus = 200, allowedActive = 1, listed = subaccounts } = {}) {
  let mustChoose = true;
  const calls = mockApi({
    'GET /api/me': { body: me },
    'GET /api/billing/subaccount-lock': () => ({ body: { mustChoose, allowedActive, subaccounts: listed } }),
    'POST /api/billing/subaccount-lock': () => {
      if (selectStatus !== 200)
        return {
          status: selectStatus,
          body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong', support_id: 'f'.repeat(32) } },
        };
      mustChoose = false;
      return { body: { mustChoose, allowedActive, subaccounts: listed } };
    },
  });
  return calls;
}

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe("subaccount lock modal 'Select Your Active Subaccount'", () => {
  it('lists the cards with logo, name, agent count and creation date, and cannot be dismissed', async () => {
    api();
    renderBilling(<SubaccountLockModal />);
    const dialog = await findReadyDialog();
    const acme = within(dialog).getByRole('radio', { name: /Acme Dental/ });
    expect(acme).toHaveTextContent('2 agents');
    expect(acme).toHaveTextContent('Created Jan 5, 2025');
    const bloom = within(dialog).getByRole('radio', { name: /Bloom Florists/ });
    expect(bloom).toHaveTextContent('1 agent');
    expect(bloom.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/bloom.png');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    // Clicking outside means clicking through Radix's pointer-events: none on the page.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Select Your Active Subaccount' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Select Your Active Subaccount' })).toBeInTheDocument();
  });

  it('opens with no card chosen or focused (the dialog itself has focus)', async () => {
    api();
    renderBilling(<SubaccountLockModal />);
    const dialog = await findReadyDialog();
    await waitFor(() => expect(dialog).toHaveFocus());
    for (const radio of within(dialog).getAllByRole('radio')) {
      expect(radio).toHaveAttribute('aria-checked', 'false');
      expect(radio).not.toHaveFocus();
    }
  });

  it("asks for a choice first: 'Please select a subaccount'", async () => {
    api();
    renderBilling(<SubaccountLockModal />);
    const dialog = await findReadyDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a subaccount')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Lock Selection' })).not.toBeInTheDocument();
  });

  it("needs 'confirm' typed (any case) before Lock Selection, then keeps the choice", async () => {
    const calls = api();
    renderBilling(<SubaccountLockModal />);
    const user = userEvent.setup();
    const dialog = await findReadyDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Bloom Florists/ }));
    expect(within(dialog).getByRole('radio', { name: /Bloom Florists/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const field = within(dialog).getByRole('textbox', { name: "Type 'confirm' to proceed" });
    await user.type(field, 'confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Lock Selection' }));
    expect(await screen.findByText("Please type 'confirm' to proceed")).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, 'CoNfIrM');
    await user.click(within(dialog).getByRole('button', { name: 'Lock Selection' }));
    expect(await screen.findByText('Subaccount selected successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ subaccountIds: ['sa-2'] });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Select Your Active Subaccount' })).not.toBeInTheDocument(),
    );
  });

  it('lets a plan that keeps several choose up to that many, each card a checkbox', async () => {
    const listed = [
      ...subaccounts,
      { ...subaccounts[0]!, id: 'sa-3', name: 'Cedar Law' },
      { ...subaccounts[0]!, id: 'sa-4', name: 'Delta Gyms' },
      { ...subaccounts[0]!, id: 'sa-5', name: 'Echo Cafe', isLocked: true },
    ];
    const calls = api({ allowedActive: 2, listed });
    renderBilling(<SubaccountLockModal />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Select Your Active Subaccount' });
    expect(within(dialog).getByText(/Your plan keeps 2 active subaccounts\. Choose up to 2/)).toBeInTheDocument();
    // A sub account locked already is not offered.
    expect(within(dialog).queryByRole('checkbox', { name: /Echo Cafe/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(getComputedStyle(within(dialog).getAllByRole('checkbox')[0]!).pointerEvents).not.toBe('none'),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Acme Dental/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Cedar Law/ }));
    expect(within(dialog).getByText('2 of 2 chosen')).toBeInTheDocument();
    // Full: the others wait until one is unchosen.
    expect(within(dialog).getByRole('checkbox', { name: /Delta Gyms/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/Acme Dental, Cedar Law/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: "Type 'confirm' to proceed" }), 'confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Lock Selection' }));
    expect(await screen.findByText('Subaccount selected successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ subaccountIds: ['sa-1', 'sa-3'] });
  });

  it("says 'Failed to select subaccount' when the server refuses, and stays open", async () => {
    api({ selectStatus: 500 });
    renderBilling(<SubaccountLockModal />);
    const user = userEvent.setup();
    const dialog = await findReadyDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Acme Dental/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(within(dialog).getByRole('textbox', { name: "Type 'confirm' to proceed" }), 'confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Lock Selection' }));
    expect(await screen.findByText('Failed to select subaccount')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select Your Active Subaccount' })).toBeInTheDocument();
  });

  it('is not shown when the plan keeps every sub account', async () => {
    mockApi({ 'GET /api/billing/subaccount-lock': { body: { mustChoose: false, allowedActive: null, subaccounts } } });
    renderBilling(<SubaccountLockModal />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('compares the typed confirmation case-insensitively', () => {
    expect(isConfirmationTyped('Confirm')).toBe(true);
    expect(isConfirmationTyped(' CONFIRM ')).toBe(true);
    expect(isConfirmationTyped('confirm!')).toBe(false);
    expect(isConfirmationTyped('')).toBe(false);
  });
});
