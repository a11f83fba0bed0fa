import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildAgent } from '@/test/agent-fixtures';

beforeEach(() => stubBrowserApis({ width: 390, height: 844 }));
afterEach(() => vi.unstubAllGlobals());

const receptionist = buildAgent();
const qualifier = buildAgent({
  buildId: 'agent-2',
  aiName: 'Lead Qualifier',
  type: 'chat-completion',
  provider: 'openrouter',
  model: 'openai/gpt-4o',
});
const drafting = buildAgent({ buildId: 'agent-3', aiName: 'Intake Draft', status: 'creating' });

const buildsRegion = () => screen.getByRole('region', { name: 'Builds' });

describe('/build (build hub)', () => {
  it("lists the active sub account's builds with links to open, test, demo and launch each", async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [receptionist, qualifier, drafting] } },
    });
    renderWorkspace('/build');
    // The first test of a file also loads the lazy route chunk.
    const list = await screen.findByRole('list', { name: 'Builds' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('article');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByRole('heading', { name: 'Dental Receptionist' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Dental Receptionist' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents/agent-1',
    );
    expect(first.getByText('gpt-4o-mini')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Test Dental Receptionist in the Bulk Tester' })).toHaveAttribute(
      'href',
      `/new-evaluation/openai-assistants?agentId=${receptionist.buildId}`,
    );
    expect(first.getByRole('link', { name: 'Demo Dental Receptionist' })).toHaveAttribute('href', '/demo');
    expect(first.getByRole('link', { name: 'Launch Dental Receptionist' })).toHaveAttribute('href', '/connect');

    const second = within(rows[1]!);
    expect(second.getByRole('link', { name: 'Lead Qualifier' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents/agent-2',
    );
    expect(second.getByText('openai/gpt-4o')).toBeInTheDocument();

    // An agent still being drafted can be opened, but not yet tested, demoed or launched.
    const third = within(rows[2]!);
    expect(third.getByText('Creating')).toBeInTheDocument();
    expect(third.getByRole('link', { name: 'Intake Draft' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents/agent-3',
    );
    expect(third.queryByRole('link', { name: /^Test/ })).not.toBeInTheDocument();

    expect(within(buildsRegion()).getByRole('link', { name: 'Manage agents' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents',
    );
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/agents/create');
    expect(within(actions).getByRole('link', { name: 'Run an evaluation' })).toHaveAttribute('href', '/new-evaluation');
    expect(within(actions).getByRole('link', { name: 'Past evaluations' })).toHaveAttribute('href', '/dashboard');
    expect(within(actions).getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/settings#provider-keys');
    expect(screen.queryByText('No builds yet')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/subaccounts/sa-1/agents')).toBe(true);
  });

  it('opens the agent from its name', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [receptionist] } },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/build');
    await user.click(await screen.findByRole('link', { name: 'Dental Receptionist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subaccounts/sa-1/agents/agent-1'));
  });

  it("shows 'No builds yet' with Create an agent when the sub account has no agents", async () => {
    mockApi({ 'GET /api/me': { body: signedInUser }, 'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } } });
    renderWorkspace('/build');
    expect(await screen.findByRole('heading', { name: 'No builds yet' })).toBeInTheDocument();
    const builds = within(buildsRegion());
    expect(
      builds.getByText(/Each agent becomes a build: its model, prompt, tools and the API key it runs on\./),
    ).toBeInTheDocument();
    expect(builds.getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/agents/create');
    expect(builds.queryByRole('list', { name: 'Builds' })).not.toBeInTheDocument();
    expect(builds.queryByRole('link', { name: 'Manage agents' })).not.toBeInTheDocument();
  });

  it('shows a skeleton of the rows while the agents load', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWorkspace('/build');
    expect(await screen.findByRole('status', { name: 'Loading builds' })).toBeInTheDocument();
    answer({ body: { agents: [receptionist] } });
    expect(await screen.findByRole('link', { name: 'Dental Receptionist' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading builds' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong', support_id: 'a'.repeat(32) } },
            }
          : { body: { agents: [receptionist] } };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/build');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to load builds' })).toBeInTheDocument();
    // The shortcuts stay usable while the list is failing.
    expect(screen.getByRole('navigation', { name: 'Quick actions' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Dental Receptionist' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('lets a viewer see the builds but offers no way to create one', async () => {
    mockApi({
      'GET /api/me': { body: { ...signedInUser, activeSubaccountId: 'sa-2' } },
      'GET /api/subaccounts/sa-2/agents': { body: { agents: [] } },
    });
    renderWorkspace('/build');
    expect(await screen.findByRole('heading', { name: 'No builds yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/Bloom Florists has no builds yet; members and admins can create them\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an agent' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Quick actions' })).getByRole('link', {
        name: 'Run an evaluation',
      }),
    ).toBeInTheDocument();
  });
});
