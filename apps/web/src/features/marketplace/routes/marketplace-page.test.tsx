import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUpgradeDialogRequested } from '@/lib/upgrade-events';
import { savePendingProject } from '../lib/pending-project';
import {
  avatars,
  images,
  makeProject,
  mockApi,
  renderWithProviders,
  signedInMe,
  stubLayoutApis,
  type Handler,
  type Reply,
} from '../test/marketplace-test-kit';
import { MarketplacePage } from './marketplace-page';

const signedOut: Reply = { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } } };
const page = (
  projects: ReturnType<typeof makeProject>[],
  nextCursor: string | null = null,
  total = projects.length,
) => ({
  body: { projects, nextCursor, total, isTotalCapped: false },
});

function renderPage(
  options: {
    entry?: string;
    api?: Record<string, Reply | Handler>;
    isSignedIn?: boolean;
    hasMarketplace?: boolean;
  } = {},
) {
  const calls = mockApi({
    'GET /api/me': options.isSignedIn ? { body: signedInMe } : signedOut,
    'GET /api/billing/capabilities': {
      body: {
        capabilities: { features: { marketplace: options.hasMarketplace ?? true }, limits: {}, demos: {} },
        planFamily: null,
        tierCode: null,
      },
    },
    'GET /api/user/rank': { body: { rank: 'Builder', score: 180, nextTier: 'Pro', pointsToNext: 220, breakdown: {} } },
    'GET /api/userprofile': {
      body: { name: 'Ada Lovelace', email: 'ada@agency.test', businessName: 'Analytical Engines', image: null },
    },
    'GET /api/marketplace/marketplace-images': { body: images },
    'GET /api/avatars': { body: avatars },
    'GET /api/marketplace/projects': page([makeProject()]),
    ...options.api,
  });
  const view = renderWithProviders(<MarketplacePage />, {
    path: '/marketplace',
    initialEntry: options.entry ?? '/marketplace',
  });
  const listCalls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/marketplace/projects');
  return { calls, listCalls, ...view };
}

describe('MarketplacePage', () => {
  beforeEach(() => {
    stubLayoutApis();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists live projects as cards with budget, timeframe, author and posted time', async () => {
    renderPage();
    const card = (await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' })).closest('article');
    expect(card).not.toBeNull();
    const scope = within(card as HTMLElement);
    expect(screen.getByRole('link', { name: 'AI receptionist for a dental clinic' })).toHaveAttribute(
      'href',
      '/marketplace/projects/p1',
    );
    expect(scope.getByText('$500 a month')).toBeInTheDocument();
    expect(scope.getByText('2-4 weeks')).toBeInTheDocument();
    expect(scope.getByText('Chatbots')).toBeInTheDocument();
    expect(scope.getByText('Business')).toBeInTheDocument();
    expect(scope.getByText('Grace Hopper')).toBeInTheDocument();
    expect(scope.getByText(/Bright Smiles/)).toBeInTheDocument();
    expect(scope.getByText('3h ago')).toBeInTheDocument();
    expect(screen.getByText('1 project')).toBeInTheDocument();
  });

  it("loads the next page with the server's cursor", async () => {
    const user = userEvent.setup();
    const { listCalls } = renderPage({
      api: {
        'GET /api/marketplace/projects': (call) =>
          call.search.includes('cursor=c2')
            ? page([makeProject({ id: 'p2', title: 'Lead generation bot for roofers' })], null, 2)
            : page([makeProject()], 'c2', 2),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Lead generation bot for roofers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'AI receptionist for a dental clinic' })).toBeInTheDocument();
    expect(listCalls().map((call) => call.search)).toEqual(['', '?cursor=c2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('debounces the search into the URL and the request', async () => {
    const { listCalls, router } = renderPage();
    await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), { target: { value: 'dental' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=dental'));
    await waitFor(() => expect(listCalls().at(-1)?.search).toBe('?q=dental'));
    expect(listCalls()).toHaveLength(2);
  });

  it('reads the filters from a shared link and offers a reset when nothing matches', async () => {
    const user = userEvent.setup();
    const { listCalls, router } = renderPage({
      entry: '/marketplace?type=agency&category=Voice%20AI&maxBudget=300&sort=budget-desc',
      api: {
        'GET /api/marketplace/projects': (call) => (call.search.includes('type=') ? page([]) : page([makeProject()])),
      },
    });
    expect(await screen.findByRole('heading', { name: 'No results for these filters' })).toBeInTheDocument();
    expect(new URLSearchParams(listCalls()[0]?.search)).toEqual(
      new URLSearchParams('type=agency&category=Voice AI&maxBudget=300&sort=budget-desc'),
    );
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=budget-desc'));
    expect(await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' })).toBeInTheDocument();
  });

  it('shows the empty state with one action when there are no projects at all', async () => {
    renderPage({ api: { 'GET /api/marketplace/projects': page([]) } });
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Post a project' })).toHaveLength(2);
  });

  it('shows an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    renderPage({
      api: {
        'GET /api/marketplace/projects': () =>
          isDown
            ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable' } } }
            : page([makeProject()]),
      },
    });
    expect(await screen.findByText('Service temporarily unavailable')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' })).toBeInTheDocument();
  });

  it('reopens the wizard at review with the pending project when a signed-in author returns from the e-mail link', async () => {
    savePendingProject({
      projectData: {
        marketplaceType: 'agency',
        title: 'Voice agent for a hotel chain',
        description: 'd'.repeat(80),
        timeframe: '1-2 months',
        category: 'Voice AI',
        image: images[1] ?? '',
        icon: avatars[0] ?? '',
        price: '$2500',
        priceValue: 2500,
        priceType: 'one-time',
      },
      contactInfo: { name: 'Grace Hopper', email: 'grace@hotel.test', businessName: 'Hotel Co' },
    });
    const { router } = renderPage({ isSignedIn: true, entry: '/marketplace?fromMarketplace=true' });
    const dialog = await screen.findByRole('dialog', { name: 'Post a project' });
    expect(within(dialog).getByText('Step 10 of 10: Review')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Voice agent for a hotel chain').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('$2500').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Create Project' })).toBeEnabled();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('does not reopen anything without a pending project', async () => {
    const { router } = renderPage({ isSignedIn: true, entry: '/marketplace?fromMarketplace=true' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the rank and a My projects tab to a signed-in user', async () => {
    renderPage({ isSignedIn: true });
    expect(await screen.findByRole('button', { name: /Your rank: Builder, 180 points/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My projects' })).toBeInTheDocument();
  });

  it('asks a free user to upgrade instead of opening the wizard', async () => {
    const user = userEvent.setup();
    const upgrades: unknown[] = [];
    const stop = onUpgradeDialogRequested((request) => upgrades.push(request));
    renderPage({ isSignedIn: true, hasMarketplace: false });
    await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Post a project' })[0]).toBeEnabled());
    await user.click(screen.getAllByRole('button', { name: 'Post a project' })[0] as HTMLElement);
    stop();
    expect(upgrades).toEqual([{ reason: 'Pick a plan to use this feature', returnUrl: '/marketplace' }]);
    expect(screen.getByText('Pick a plan to use this feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/usage');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a signed-out visitor start the wizard', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' });
    await user.click(screen.getAllByRole('button', { name: 'Post a project' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Post a project' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My projects' })).not.toBeInTheDocument();
  });
});
