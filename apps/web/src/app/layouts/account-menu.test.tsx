import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

beforeEach(() => {
  stubBrowserApis();
  document.documentElement.classList.remove('dark');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'My Account' }));
  return screen.findByRole('menu');
}

describe('account menu', () => {
  it("shows 'My Account', the credits fallback and the items; no theme toggle outside sub accounts", async () => {
    mockApi({ 'GET /api/me': { body: signedInUser }, 'GET /api/openrouter/usage': { status: 404 } });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/agents');
    const menu = await openAccountMenu(user);

    expect(within(menu).getByText('My Account')).toBeInTheDocument();
    expect(within(menu).getByTestId('credits')).toHaveTextContent('0 / 0');
    expect(within(menu).getByText('No plan yet')).toBeInTheDocument();
    expect(within(menu).getByRole('progressbar', { name: 'Credits used' }).firstElementChild).toHaveStyle({
      width: '2%',
    });
    expect(within(menu).queryByRole('menuitem', { name: /theme/ })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/build'));
  });

  it('shows remaining / plan limit from the usage endpoint', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/openrouter/usage': {
        body: { balance: { usageUsed: 125.25, totalCreditLimit: 500, totalCreditsRemaining: 374.75 }, hasKey: true },
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/agents');
    const menu = await openAccountMenu(user);
    await waitFor(() => expect(within(menu).getByTestId('credits')).toHaveTextContent('374.8 / 500'));
    expect(within(menu).getByRole('progressbar', { name: 'Credits used' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(menu).queryByText('No plan yet')).not.toBeInTheDocument();
  });

  it('toggles the theme on a sub account page and saves it', async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' } },
      'PATCH /api/subaccounts/sa-1/theme': { body: { isDarkMode: true } },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/subaccounts/sa-1/agents');
    const menu = await openAccountMenu(user);

    await user.click(within(menu).getByRole('menuitem', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/subaccounts/sa-1/theme',
        body: { isDarkMode: true },
      }),
    );
    // The sub account's theme is its own: the workspace's saved choice is untouched...
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    // ...and leaving the sub account's pages brings the workspace theme back.
    await router.navigate('/agents');
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
  });

  it('applies a dark sub account only inside its pages, not to the workspace for good', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
    });
    const { router } = renderWorkspace('/subaccounts/sa-1/agents');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    await router.navigate('/usage');
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
  });

  it('rolls the theme back and says so when saving fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' } },
      'PATCH /api/subaccounts/sa-1/theme': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/subaccounts/sa-1/agents');
    const menu = await openAccountMenu(user);

    await user.click(within(menu).getByRole('menuitem', { name: 'Switch to dark theme' }));
    expect(await screen.findByText('The theme change was not applied. Please try again.')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    // The rollback toast replaces the generic one.
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
