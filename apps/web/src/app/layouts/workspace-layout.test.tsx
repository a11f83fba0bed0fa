import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

beforeEach(() => {
  stubBrowserApis();
  document.documentElement.classList.remove('dark');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('workspace sidebar', () => {
  it('renders the Workspace and Resources groups and marks the most specific active item', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace('/agents/create');

    const workspace = await screen.findByRole('group', { name: 'Workspace' });
    const resources = screen.getByRole('group', { name: 'Resources' });
    for (const label of ['New Agent', 'Agents', 'Demo', 'Launch']) {
      expect(within(workspace).getByRole('link', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Usage', 'Marketplace', 'API Key', 'Community', 'Support', 'Affiliate Program']) {
      expect(within(resources).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(workspace).getByRole('link', { name: 'New Agent' })).toHaveAttribute('aria-current', 'page');
    expect(within(workspace).getByRole('link', { name: 'New Agent' })).toHaveAccessibleDescription(
      'Create a new agent',
    );
    expect(within(workspace).getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current');
  });

  it("draws the product's one mark (the favicon's drawing), not an icon of its own", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace('/agents/create');

    await screen.findByRole('group', { name: 'Workspace' });
    const marks = document.querySelectorAll('[data-agentry-mark]');
    expect(marks.length).toBeGreaterThan(0);
    const favicon = readFileSync(path.resolve(import.meta.dirname, '../../../public/favicon.svg'), 'utf8');
    for (const mark of marks) {
      expect(favicon).toContain(`d="${mark.querySelector('path')?.getAttribute('d')}"`);
    }
  });

  it('marks an item active by path prefix', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace('/agents/workspace');
    expect(await screen.findByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New Agent' })).not.toHaveAttribute('aria-current');
  });

  it('follows a click to the next page and moves the active mark', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    const user = userEvent.setup();
    renderWorkspace('/agents');
    await user.click(await screen.findByRole('link', { name: 'API Key' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'API Testing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API Key' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
  });
});

describe('workspace header', () => {
  it.each([
    ['/apitester', 'API Testing'],
    ['/support', 'Support Center'],
    ['/new-evaluation/openai-assistants', 'Bulk Tester'],
    ['/new-evaluation', 'Bulk Tester'],
    ['/howitworks', 'Video Guides'],
    ['/agents', 'Agents'],
  ])('shows the title of %s', async (path, title) => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it('shows the page of each route inside the layout', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace('/agents');
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/agents/create');
  });
});

describe('sign-in guard', () => {
  it('shows the layout skeleton while the session loads', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockApi({ 'GET /api/me': () => new Promise((resolve) => (answer = resolve)) });
    renderWorkspace('/usage');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your workspace');
    act(() => answer({ body: signedInUser }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Usage & Billing');
  });

  it('sends a signed-out visitor to the landing page with the sign-in query, and shows no account menu', async () => {
    mockApi({
      'GET /api/me': { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' } } },
    });
    const { router } = renderWorkspace('/usage?tab=logs');
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('signin')).toBe('1');
    expect(query.get('callbackUrl')).toBe('/usage?tab=logs');
    expect(screen.queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
  });
});

describe('mobile drawer', () => {
  it('opens the 280 px drawer from the header button and closes it after navigating', async () => {
    stubBrowserApis({ width: 390, height: 844 });
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    const user = userEvent.setup();
    renderWorkspace('/agents');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Workspace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });

    // Resources collapse on mobile.
    const resourcesToggle = within(drawer).getByRole('button', { name: 'Resources' });
    expect(resourcesToggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(resourcesToggle);
    expect(resourcesToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).queryByRole('link', { name: 'Usage' })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('link', { name: 'Demo' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Demo Agents'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('hides the menu button on /agents/workspace', async () => {
    stubBrowserApis({ width: 390, height: 844 });
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'GET /api/subaccounts/sa-1/api-keys': { body: { keys: [] } },
    });
    renderWorkspace('/agents/workspace');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });
});

describe('sub account switcher', () => {
  it('lists the real sub accounts with roles, checks the active one and stores a new choice', async () => {
    let me = signedInUser;
    const calls = mockApi({
      'GET /api/me': () => ({ body: me }),
      'PATCH /api/me/active-subaccount': ({ body }) => {
        me = { ...me, activeSubaccountId: (body as { subaccountId: string }).subaccountId };
        return { body: { activeSubaccountId: me.activeSubaccountId } };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/agents');

    await user.click(await screen.findByRole('button', { name: /Sub account: Acme Dental/ }));
    const menu = await screen.findByRole('menu');
    const acme = within(menu).getByRole('menuitemcheckbox', { name: /Acme Dental/ });
    const bloom = within(menu).getByRole('menuitemcheckbox', { name: /Bloom Florists/ });
    expect(acme).toHaveAttribute('aria-checked', 'true');
    expect(bloom).toHaveAttribute('aria-checked', 'false');
    expect(within(bloom).getByText('viewer')).toBeInTheDocument();

    await user.click(bloom);
    expect(await screen.findByRole('button', { name: /Sub account: Bloom Florists/ })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: '/api/me/active-subaccount',
      body: { subaccountId: 'sa-2' },
    });
    expect(calls.filter((call) => call.path === '/api/me' && call.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
