import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});
afterEach(() => vi.unstubAllGlobals());

describe('/settings', () => {
  it("shows the user's profile and sub accounts with roles", async () => {
    mockApi({ 'GET /api/me': { body: signedInUser } });
    renderWorkspace('/settings');
    expect(await screen.findByRole('textbox', { name: 'Display name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByText('ada@agency.test', { selector: 'p' })).toBeInTheDocument();
    const subaccounts = screen.getByRole('region', { name: 'Sub accounts' });
    const rows = within(subaccounts).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Acme Dental' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents',
    );
    expect(within(rows[0]!).getByText('admin')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('viewer')).toBeInTheDocument();
  });

  it('guards an unsaved display name and saves it with PATCH /api/me on Save & Leave', async () => {
    let me = signedInUser;
    const calls = mockApi({
      'GET /api/me': () => ({ body: me }),
      'PATCH /api/me': ({ body }) => {
        me = { ...me, user: { ...me.user, name: (body as { name: string }).name } };
        return { body: me.user };
      },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/settings');
    const name = await screen.findByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Ada King');

    await user.click(screen.getByRole('link', { name: 'Agents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(router.state.location.pathname).toBe('/settings');

    await user.click(within(dialog).getByRole('button', { name: 'Save & Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    expect(calls).toContainEqual({ method: 'PATCH', path: '/api/me', body: { name: 'Ada King' } });
  });

  it("lists the active sub account's provider keys by last four, never the key", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/provider-keys': {
        body: {
          keys: [
            {
              id: 'pk-1',
              provider: 'openai',
              label: 'Production',
              lastFour: 'wxyz',
              baseUrl: null,
              createdAt: '2025-03-01T10:00:00.000Z',
              updatedAt: '2025-03-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    renderWorkspace('/settings');
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
    renderWorkspace('/settings');
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
      body: { provider: 'openrouter', label: 'Router', apiKey: 'sk-or-secret-9876', baseUrl: null },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add provider key' })).not.toBeInTheDocument());
  });

  it('shows only a note to a viewer', async () => {
    mockApi({
      'GET /api/me': { body: { ...signedInUser, activeSubaccountId: 'sa-2' } },
      'GET /api/subaccounts/sa-2/provider-keys': { body: { keys: [] } },
    });
    renderWorkspace('/settings');
    const section = await screen.findByRole('region', { name: 'AI provider keys' });
    expect(await within(section).findByText('Only admins of this sub account can add keys.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add key' })).not.toBeInTheDocument();
  });
});
