import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamReply } from '@agentry/core/team';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConnect, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const team: TeamReply = {
  members: [
    {
      id: 'm1',
      userId: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@agency.test',
      role: 'admin',
      isOwner: true,
      isYou: true,
      joinedAt: '2025-01-05T10:00:00.000Z',
    },
    {
      id: 'm2',
      userId: 'u2',
      name: 'Grace Hopper',
      email: 'grace@client.test',
      role: 'viewer',
      isOwner: false,
      isYou: false,
      joinedAt: '2025-02-05T10:00:00.000Z',
    },
  ],
  invitations: [],
};

describe('/:connectId/team', { timeout: 30_000 }, () => {
  it('lets an admin invite (validating the address) and change a role after confirming', async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
      'GET /api/subaccounts/sa-1/team': { body: team },
      'POST /api/subaccounts/sa-1/team/invitations': { status: 201, body: { ok: true } },
      'PATCH /api/subaccounts/sa-1/team/members/m2': { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderConnect('/sa-1/team');
    expect(await screen.findByText('grace@client.test', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No pending invitations')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' New@Client.test ');
    await user.click(within(dialog).getByRole('radio', { name: /Viewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/subaccounts/sa-1/team/invitations',
        body: { email: 'new@client.test', role: 'viewer' },
      }),
    );

    // The owner's row has no actions; Grace's does.
    expect(screen.queryByRole('button', { name: 'Actions for Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make Grace Hopper member?' });
    await user.click(within(confirm).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/subaccounts/sa-1/team/members/m2',
        body: { role: 'member' },
      }),
    );
  });

  it('shows a viewer the members without any management control', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-2/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
      'GET /api/subaccounts/sa-2/team': {
        body: { members: team.members.map((entry) => ({ ...entry, isYou: !entry.isYou })), invitations: [] },
      },
    });
    renderConnect('/sa-2/team');
    expect(await screen.findByRole('button', { name: 'Leave' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Only admins manage the team')).toBeInTheDocument();
    expect(screen.getByText('grace@client.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No pending invitations')).not.toBeInTheDocument();
  });

  it('lets an admin of a locked sub account take access away but grant none', async () => {
    const calls = mockApi({
      'GET /api/me': {
        body: {
          ...signedInUser,
          subaccounts: signedInUser.subaccounts.map((entry) =>
            entry.id === 'sa-1' ? { ...entry, isLocked: true } : entry,
          ),
        },
      },
      'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
      'GET /api/subaccounts/sa-1/team': {
        body: {
          members: [team.members[0], { ...team.members[1], role: 'member' }],
          invitations: [
            {
              id: 'inv-1',
              email: 'late@client.test',
              role: 'viewer',
              sentAt: '2025-03-01T10:00:00.000Z',
              expiresAt: '2099-03-08T10:00:00.000Z',
              isExpired: false,
            },
          ],
        },
      },
      'DELETE /api/subaccounts/sa-1/team/invitations/inv-1': { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderConnect('/sa-1/team');
    expect(await screen.findByText('late@client.test', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No one new can join while this sub account is locked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    // A lower role and removal stay; a higher one is off.
    await user.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Admin' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Viewer' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('menuitem', { name: 'Remove from team' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/api/subaccounts/sa-1/team/invitations/inv-1' }),
      ),
    );
  });

  it('says when the team cannot load, with a retry', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/team': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Boom' } } },
    });
    renderConnect('/sa-1/team');
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
