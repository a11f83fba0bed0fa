import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { PENDING_AGENT_IDEA_KEY } from '../hooks/use-idea-draft';
import { resetAgentCreation } from '../lib/agent-creation-store';
import { buildAgent } from '@/test/agent-fixtures';

beforeEach(() => {
  stubBrowserApis();
  resetAgentCreation();
});
afterEach(() => vi.unstubAllGlobals());

const idea = 'A receptionist for a dental clinic that books check-ups.';

describe('/agents/create', () => {
  it('restores the draft idea and fills the box from an example', async () => {
    localStorage.setItem(PENDING_AGENT_IDEA_KEY, 'My saved idea');
    mockApi({ 'GET /api/me': { body: signedInUser } });
    const user = userEvent.setup();
    renderWorkspace('/agents/create');
    // The first test of a file also loads the lazy route chunk.
    const box = await screen.findByRole('textbox', { name: 'Describe your agent' }, { timeout: 5000 });
    expect(box).toHaveValue('My saved idea');
    await user.click(screen.getByRole('button', { name: 'Use example: Dental receptionist' }));
    expect((box as HTMLTextAreaElement).value).toContain('Bright Smile Dental');
    expect(box).toHaveFocus();
  });

  it('shows the build progress, then opens the new agent and forgets the draft', async () => {
    const agent = buildAgent({ buildId: 'new-agent', aiName: 'Smile Desk' });
    let polls = 0;
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'POST /api/subaccounts/sa-1/agents/from-idea': { status: 202, body: { jobId: 'job-1', buildId: 'new-agent' } },
      'GET /api/agent/jobs/job-1': () => {
        polls += 1;
        return polls < 2
          ? { body: { status: 'running' } }
          : { body: { status: 'succeeded', result: { status: 'ready', data: agent } } };
      },
      'GET /api/subaccounts/sa-1/agents/new-agent': { body: agent },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/agents/create');
    const box = await screen.findByRole('textbox', { name: 'Describe your agent' });
    const create = screen.getByRole('button', { name: /Create agent/ });
    expect(create).toBeDisabled();
    await user.type(box, idea);
    await user.click(create);

    const progress = await screen.findByRole('region', { name: 'Building your agent…' });
    expect(within(progress).getByText(idea)).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/subaccounts/sa-1/agents/from-idea', body: { idea } });
    await waitFor(() =>
      expect(within(progress).getByRole('listitem', { current: 'step' })).toHaveTextContent(
        'Writing the first configuration',
      ),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/subaccounts/sa-1/agents/new-agent'), {
      timeout: 3000,
    });
    expect(await screen.findByRole('heading', { name: 'Smile Desk', level: 2 })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBeNull();
  });

  it('shows the builder error and tries again', async () => {
    const agent = buildAgent({ buildId: 'second' });
    let attempt = 0;
    mockApi({
      'GET /api/me': { body: signedInUser },
      'POST /api/subaccounts/sa-1/agents/from-idea': () => {
        attempt += 1;
        return { status: 202, body: { jobId: `job-${attempt}`, buildId: attempt === 1 ? 'first' : 'second' } };
      },
      'GET /api/agent/jobs/job-1': { body: { status: 'failed' } },
      'GET /api/agent/jobs/job-2': { body: { status: 'succeeded', result: { status: 'ready', data: agent } } },
      'GET /api/subaccounts/sa-1/agents/second': { body: agent },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/agents/create');
    await user.type(await screen.findByRole('textbox', { name: 'Describe your agent' }), idea);
    await user.click(screen.getByRole('button', { name: /Create agent/ }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Builder job failed');
    expect(screen.getByRole('textbox', { name: 'Describe your agent' })).toHaveValue(idea);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subaccounts/sa-1/agents/second'));
  });

  it('tells a viewer they cannot create agents here', async () => {
    mockApi({ 'GET /api/me': { body: { ...signedInUser, activeSubaccountId: 'sa-2' } } });
    renderWorkspace('/agents/create');
    expect(await screen.findByText(/You have view-only access to Bloom Florists/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Describe your agent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Create agent/ })).toBeDisabled();
  });
});
