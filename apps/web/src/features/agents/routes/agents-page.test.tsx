import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildAgent } from '@/test/agent-fixtures';

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const receptionist = buildAgent();
const qualifier = buildAgent({
  buildId: 'agent-2',
  aiName: 'Lead Qualifier',
  type: 'chat-completion',
  provider: 'openrouter',
  model: 'openai/gpt-4o',
  category: 'Automation',
});

describe('/agents', () => {
  it("lists the active sub account's agents with type, model, provider, category and update time", async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [receptionist, qualifier] } },
    });
    renderWorkspace('/agents');
    // The first test of a file also loads the lazy route chunk.
    const list = await screen.findByRole('list', { name: 'Agents' }, { timeout: 5000 });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Dental Receptionist' })).toHaveAttribute(
      'href',
      '/subaccounts/sa-1/agents/agent-1',
    );
    expect(first.getByText('Assistant')).toBeInTheDocument();
    expect(first.getByText('Chatbots')).toBeInTheDocument();
    expect(first.getByText(/gpt-4o-mini · OpenAI/)).toBeInTheDocument();
    expect(first.getByText('5m ago')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Chat completion')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/openai\/gpt-4o · OpenRouter/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/subaccounts/sa-1/agents')).toBe(true);
  });

  it('searches on the server', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': () => ({ body: { agents: [receptionist, qualifier] } }),
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const user = userEvent.setup();
    renderWorkspace('/agents');
    await screen.findByRole('list', { name: 'Agents' });
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'lead');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContain('/api/subaccounts/sa-1/agents?search=lead'),
    );
  });

  it("shows 'No agents yet' with Create an agent when there are none", async () => {
    mockApi({ 'GET /api/me': { body: signedInUser }, 'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } } });
    renderWorkspace('/agents');
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an agent' })).toHaveAttribute('href', '/agents/create');
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
    renderWorkspace('/agents');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to load builds' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Dental Receptionist' })).toBeInTheDocument();
  });

  it("deletes an agent only after 'confirm' is typed, in any case", async () => {
    let agents = [receptionist, qualifier];
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/agents': () => ({ body: { agents } }),
      'DELETE /api/subaccounts/sa-1/agents/agent-2': () => {
        agents = agents.filter((agent) => agent.buildId !== 'agent-2');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/agents');
    await user.click(await screen.findByRole('button', { name: 'Actions for Lead Qualifier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete agent' });
    const remove = within(dialog).getByRole('button', { name: 'Delete agent' });
    const input = within(dialog).getByRole('textbox', { name: 'Type confirm to continue' });
    expect(remove).toBeDisabled();
    await user.type(input, 'confir');
    expect(remove).toBeDisabled();
    await user.type(input, 'm');
    expect(remove).toBeEnabled();
    await user.clear(input);
    await user.type(input, ' CoNfIrM ');
    expect(remove).toBeEnabled();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/subaccounts/sa-1/agents/agent-2', body: undefined });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lead Qualifier' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Dental Receptionist' })).toBeInTheDocument();
  });

  it('lets a viewer look but not create or delete', async () => {
    mockApi({
      'GET /api/me': { body: { ...signedInUser, activeSubaccountId: 'sa-2' } },
      'GET /api/subaccounts/sa-2/agents': { body: { agents: [buildAgent({ subaccountId: 'sa-2' })] } },
      'GET /api/subaccounts/sa-2/theme': { body: { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' } },
    });
    const user = userEvent.setup();
    renderWorkspace('/subaccounts/sa-2/agents');
    await user.click(await screen.findByRole('button', { name: 'Actions for Dental Receptionist' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New agent' })).not.toBeInTheDocument();
  });
});
