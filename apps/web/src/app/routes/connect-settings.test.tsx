import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubaccountProfile } from '@agentry/core/subaccounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';
import { connectRoutes } from './connect-routes';

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});
afterEach(() => vi.unstubAllGlobals());

const profile: SubaccountProfile = {
  id: 'sa-1',
  name: 'Acme Dental',
  logoUrl: null,
  permissionRole: 'owner',
  isLocked: false,
  planName: 'Free',
  canWhiteLabel: false,
  whiteLabel: { brandName: '', supportEmail: '', hidePlatformBranding: false },
};

const settingsEndpoints = {
  'GET /api/subaccounts/sa-1/profile': { body: profile },
  'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
};

describe('/:connectId/ai-settings', () => {
  it('saves a new account name and refreshes the session', async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      ...settingsEndpoints,
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
      'PATCH /api/subaccounts/sa-1': ({ body }) => ({ body: { ...profile, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWorkspace('/sa-1/ai-settings', connectRoutes);
    const card = await screen.findByRole('region', { name: 'Account profile' });
    const name = within(card).getByRole('textbox', { name: 'Account name' });
    await user.clear(name);
    await user.type(name, 'Acme Dental Group');
    await user.click(within(card).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/subaccounts/sa-1',
        body: { name: 'Acme Dental Group' },
      }),
    );
    expect(screen.getByRole('region', { name: 'White label' })).toHaveTextContent('come with the Scale plan');
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('tells a viewer that settings are for admins, and hides the Settings link', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-2/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
    });
    renderWorkspace('/sa-2/ai-settings', connectRoutes);
    expect(await screen.findByText('Settings are for admins')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows the lock with Manage plan on a locked sub account, and keeps its settings read-only', async () => {
    const locked = {
      ...signedInUser,
      subaccounts: signedInUser.subaccounts.map((entry) =>
        entry.id === 'sa-1' ? { ...entry, isLocked: true, isOwner: true } : entry,
      ),
    };
    mockApi({
      'GET /api/me': { body: locked },
      ...settingsEndpoints,
      'GET /api/subaccounts/sa-1/profile': { body: { ...profile, isLocked: true } },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    renderWorkspace('/sa-1/ai-settings', connectRoutes);
    const banner = await screen.findByText('Acme Dental is locked and read-only.');
    expect(banner.closest('[role="status"]')).toHaveTextContent('Upgrade to edit it again.');
    expect(screen.getByRole('button', { name: 'Manage plan' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Account profile' });
    expect(within(card).getByRole('textbox', { name: 'Account name' })).toBeDisabled();
    expect(screen.getAllByRole('img', { name: 'Locked' }).length).toBeGreaterThan(0);
  });

  it("lists the active sub account's provider keys by last four, never the key", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      ...settingsEndpoints,
      'GET /api/subaccounts/sa-1/provider-keys': {
        body: {
          keys: [
            {
              id: 'pk-1',
              provider: 'openai',
              label: 'Production',
              lastFour: 'wxyz',
              baseUrl: null,
              defaultModel: 'gpt-4o-mini',
              createdAt: '2025-03-01T10:00:00.000Z',
              updatedAt: '2025-03-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    renderWorkspace('/sa-1/ai-settings', connectRoutes);
    const section = await screen.findByRole('region', { name: 'AI provider keys' });
    const row = await within(section).findByRole('listitem');
    expect(within(row).getByText('Production')).toBeInTheDocument();
    expect(within(row).getByText('OpenAI')).toBeInTheDocument();
    expect(within(row).getByText('••••wxyz')).toBeInTheDocument();
    for (const action of ['Test Production', 'Replace Production', 'Delete Production']) {
      expect(within(row).getByRole('button', { name: action })).toBeInTheDocument();
    }
  });

  it("adds a key, and says 'System configuration error.' when the server cannot encrypt it", async () => {
    let attempts = 0;
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      ...settingsEndpoints,
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
      'POST /api/subaccounts/sa-1/provider-keys': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 500,
              body: {
                error: {
                  code: 'CONFIG_ERROR',
                  message: 'System configuration error.',
                  support_id: 'd'.repeat(32),
                  type: 'config_error',
                },
              },
            }
          : {
              status: 201,
              body: {
                id: 'pk-2',
                provider: 'openrouter',
                label: 'Router',
                lastFour: '9876',
                baseUrl: null,
                createdAt: '2025-03-01T10:00:00.000Z',
                updatedAt: '2025-03-01T10:00:00.000Z',
              },
            };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/sa-1/ai-settings', connectRoutes);
    const section = await screen.findByRole('region', { name: 'AI provider keys' });
    await user.click(await within(section).findByRole('button', { name: 'Add key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add provider key' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'OpenRouter' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Router');
    const key = within(dialog).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'sk-or-secret-9876');
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('System configuration error.');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/subaccounts/sa-1/provider-keys',
      body: {
        provider: 'openrouter',
        label: 'Router',
        apiKey: 'sk-or-secret-9876',
        baseUrl: null,
        defaultModel: '',
      },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add provider key' })).not.toBeInTheDocument());
  });
});
