import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@agentry/core/agents';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { evaluationStorageKeys } from '../lib/evaluation-storage';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const agent = (overrides: Partial<Agent>) =>
  ({
    buildId: 'agent-1',
    assistantId: 'agent-1',
    subaccountId: 'sa-1',
    status: 'ready',
    aiName: 'Sunny Roofs',
    type: 'assistant',
    instructions: 'You help homeowners choose solar panels.',
    model: 'gpt-4o-mini',
    provider: 'openai',
    category: 'Chatbots',
    ...overrides,
  }) as Agent;

const storedSettings = () =>
  JSON.parse(localStorage.getItem(evaluationStorageKeys.settings) ?? 'null') as Record<string, unknown>;

describe('choosing what to evaluate', { timeout: 20_000 }, () => {
  it('chat completion: the documented sampling defaults, a required model and system prompt, then Test Settings', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/new-evaluation/openai-chatcompletion');
    await screen.findByRole('heading', { name: 'Evaluate a chat completion' }, { timeout: 5000 });
    expect(screen.getByRole('spinbutton', { name: 'Temperature' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Max tokens' })).toHaveValue(2048);
    expect(screen.getByRole('spinbutton', { name: 'Top P' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Frequency penalty' })).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Presence penalty' })).toHaveValue(0);
    expect(screen.getByRole('combobox', { name: 'Response format' })).toHaveTextContent('Text');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter the system prompt to test')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/new-evaluation/openai-chatcompletion');

    const temperature = screen.getByRole('spinbutton', { name: 'Temperature' });
    await user.clear(temperature);
    await user.type(temperature, '5');
    await user.tab();
    expect(temperature).toHaveValue(2);
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), 'You sell solar panels.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-evaluation/settings'));
    expect(router.state.location.search).toBe('?type=openai-chatcompletion');
    expect(storedSettings()).toMatchObject({
      prompt: 'You sell solar panels.',
      temperature: 2,
      maxTokens: 2048,
      evaluation_type: 'openai-chatcompletion',
      responseFormat: 'text',
    });
  });

  it("assistants: picks one of the sub account's ready agents and warns when its provider key is the user's", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/builds': {
        body: { builds: [agent({}), agent({ buildId: 'agent-2', aiName: 'Draft', status: 'creating' })] },
      },
      'GET /api/subaccounts/sa-1/provider-keys': {
        body: {
          keys: [
            {
              id: 'k',
              provider: 'openai',
              label: '',
              lastFour: '1234',
              baseUrl: null,
              createdAt: '2025-01-01T00:00:00.000Z',
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/new-evaluation/openai-assistants');
    const option = await screen.findByRole('radio', { name: /Sunny Roofs/ }, { timeout: 5000 });
    expect(screen.queryByRole('radio', { name: /Draft/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(option);
    expect(option).toHaveAttribute('aria-checked', 'true');
    expect(
      await screen.findByText('Your own API key is used for this evaluation, so token usage matters.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=openai-assistants'));
    expect(storedSettings()).toMatchObject({
      assistant_id: 'agent-1',
      assistantName: 'Sunny Roofs',
      prompt: 'You help homeowners choose solar panels.',
    });
  });

  it('assistants: preselects the agent named by ?agentId= (the Test link of /build)', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/builds': { body: { builds: [agent({}), agent({ buildId: 'agent-3', aiName: 'Lead Qualifier' })] } },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    renderWorkspace('/new-evaluation/openai-assistants?agentId=agent-3');
    const option = await screen.findByRole('radio', { name: /Lead Qualifier/ }, { timeout: 5000 });
    await waitFor(() => expect(option).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByRole('radio', { name: /Sunny Roofs/ })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(storedSettings()).toMatchObject({ assistant_id: 'agent-3', assistantName: 'Lead Qualifier' });
  });

  it("assistants: says 'No builds available. Please create a build first.' when there is no agent", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/builds': { body: { builds: [] } },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
    });
    renderWorkspace('/new-evaluation/openai-assistants');
    expect(
      await screen.findByText('No builds available. Please create a build first.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('/dashboard (evaluation runs, header Bulk Tester)', { timeout: 20_000 }, () => {
  it('lists past runs with status, pass rate and a link to their results', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations': {
        body: {
          evaluations: [
            {
              id: 'run-2',
              evaluationId: 'e2',
              name: 'Running one',
              type: 'chatcompletion',
              agent: null,
              model: 'gpt-4o',
              testingModel: 'gpt-4o-mini',
              status: 'running',
              totals: {
                total: 4,
                done: 1,
                queued: 3,
                running: 0,
                passes: 1,
                failures: 0,
                unclear: 0,
                errors: 0,
                cancelled: 0,
              },
              passRate: 1,
              costUsd: 0,
              millicredits: 0,
              createdAt: '2025-05-02T10:00:00.000Z',
              finishedAt: null,
            },
            {
              id: 'run-1',
              evaluationId: 'e1',
              name: 'Sunny Roofs v1',
              type: 'openai-assistants',
              agent: { buildId: 'a', aiName: 'Sunny Roofs' },
              model: 'gpt-4o-mini',
              testingModel: 'gpt-4o-mini',
              status: 'finished',
              totals: {
                total: 4,
                done: 4,
                queued: 0,
                running: 0,
                passes: 3,
                failures: 1,
                unclear: 0,
                errors: 0,
                cancelled: 0,
              },
              passRate: 0.75,
              costUsd: 0.02,
              millicredits: 0,
              createdAt: '2025-05-01T10:00:00.000Z',
              finishedAt: '2025-05-01T10:05:00.000Z',
            },
          ],
        },
      },
    });
    renderWorkspace('/dashboard');
    const finished = await screen.findByRole('link', { name: /Sunny Roofs v1/ }, { timeout: 5000 });
    expect(finished).toHaveAttribute('href', '/new-evaluation/results/run-1');
    expect(finished).toHaveTextContent('75%');
    expect(finished).toHaveTextContent('Finished');
    expect(screen.getByRole('link', { name: /Running one/ })).toHaveAttribute(
      'href',
      '/new-evaluation/running?runId=run-2',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk Tester' })).toBeInTheDocument();
  });

  it('shows the empty state with New evaluation', async () => {
    mockApi({ 'GET /api/me': { body: signedInUser }, 'GET /api/evaluations': { body: { evaluations: [] } } });
    renderWorkspace('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No evaluations yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New evaluation' })).toHaveAttribute('href', '/new-evaluation');
  });
});
