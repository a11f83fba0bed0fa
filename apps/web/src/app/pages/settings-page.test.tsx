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
});
