import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const agent = {
  buildId: 'agent-1',
  assistantId: 'agent-1',
  subaccountId: 'sa-1',
  status: 'ready',
  aiName: 'Dental Receptionist',
  type: 'assistant',
  instructions: '',
  firstMessage: 'Hello!',
  suggestedResponses: [],
  provider: 'offline',
  model: 'offline-responder',
  providerKeyId: null,
  temperature: 1,
  maxTokens: 2048,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
  stopSequences: [],
  tools: [],
  discoveredTools: [],
  enabledTools: [],
  category: 'Chatbots',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

const secret = 'agt_abcdefghijklmnopqrstuvwxyz0123456789';

function handlers(keys: unknown[] = []) {
  let list = keys;
  return {
    'GET /api/me': { body: signedInUser },
    'GET /api/subaccounts/sa-1/api-keys': () => ({ body: { keys: list } }),
    'POST /api/subaccounts/sa-1/api-keys': ({ body }: { body: unknown }) => {
      const key = {
        id: 'key-1',
        name: (body as { name: string }).name,
        prefix: 'agt_abcd',
        createdAt: '2025-03-02T10:00:00.000Z',
        lastUsedAt: null,
      };
      list = [key];
      return { status: 201, body: { ...key, secret } };
    },
    'DELETE /api/subaccounts/sa-1/api-keys/key-1': () => {
      list = [];
      return { status: 204 };
    },
    'GET /api/subaccounts/sa-1/agents': { body: { agents: [agent] } },
    'GET /api/subaccounts/sa-1/agents/agent-1/webhook': {
      body: { url: 'https://agentry.test/webhook/agent-1', secret: 'whsec_123' },
    },
  };
}

describe('/apitester', () => {
  it("shows 'No API keys yet' and the agent's snippets and webhook", async () => {
    mockApi(handlers());
    const user = userEvent.setup();
    renderWorkspace('/apitester');
    // The first test of a file also loads the lazy route chunk.
    expect(await screen.findByRole('heading', { name: 'No API keys yet' }, { timeout: 5000 })).toBeInTheDocument();
    const snippets = await screen.findByRole('region', { name: 'Code snippets' });
    const origin = window.location.origin;
    expect(within(snippets).getByText(/curl http:\/\/localhost.*\/v1\/chat\/completions/)).toHaveTextContent(
      `"model":"agent-1"`,
    );
    await user.click(within(snippets).getByRole('tab', { name: 'JavaScript' }));
    expect(within(snippets).getByText(/import OpenAI from 'openai'/)).toHaveTextContent(`baseURL: '${origin}/v1'`);
    await user.click(within(snippets).getByRole('tab', { name: 'Python' }));
    expect(within(snippets).getByText(/from openai import OpenAI/)).toHaveTextContent('model="agent-1"');
    const webhook = screen.getByRole('region', { name: 'Webhook' });
    expect(await within(webhook).findByText('https://agentry.test/webhook/agent-1')).toBeInTheDocument();
    expect(within(webhook).getByText(/X-Webhook-Secret: \$AGENTRY_WEBHOOK_SECRET/)).toBeInTheDocument();
    expect(within(webhook).queryByText('whsec_123')).not.toBeInTheDocument();
  });

  it('shows a new key once, with a copy button and a warning, then only its prefix', async () => {
    const calls = mockApi(handlers());
    const user = userEvent.setup();
    renderWorkspace('/apitester');
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Website backend');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    dialog = await screen.findByRole('dialog', { name: 'Copy your API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue(secret);
    expect(within(dialog).getByRole('note')).toHaveTextContent('This is the only time the key is shown.');
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/subaccounts/sa-1/api-keys',
      body: { name: 'Website backend' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = screen.getByRole('list', { name: 'API keys' });
    expect(within(keys).getByText('Website backend')).toBeInTheDocument();
    expect(within(keys).getByText('agt_abcd…')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
    // The console got the key for this visit, hidden as a password.
    expect(screen.getByLabelText('API key', { selector: 'input[type="password"]' })).toHaveValue(secret);
  });

  it('revokes a key after confirmation', async () => {
    const calls = mockApi(
      handlers([
        { id: 'key-1', name: 'Old key', prefix: 'agt_zzzz', createdAt: '2025-03-02T10:00:00.000Z', lastUsedAt: null },
      ]),
    );
    const user = userEvent.setup();
    renderWorkspace('/apitester');
    await user.click(await screen.findByRole('button', { name: 'Revoke Old key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/subaccounts/sa-1/api-keys/key-1', body: undefined });
  });

  it('sends a console request with the key as a Bearer token and the agent as the model', async () => {
    mockApi(handlers());
    const jsonFetch = globalThis.fetch;
    const completions: { headers: Headers; body: unknown }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (urlOf(input) === '/v1/chat/completions') {
        completions.push({ headers: new Headers(init?.headers), body: JSON.parse(init?.body as string) });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              id: 'c1',
              object: 'chat.completion',
              choices: [{ index: 0, message: { role: 'assistant', content: 'We open at 8.' } }],
              thread_id: 'th-1',
            }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
        );
      }
      return jsonFetch(input, init);
    });
    const user = userEvent.setup();
    renderWorkspace('/apitester?agentId=agent-1');
    const consoleRegion = await screen.findByRole('region', { name: 'Request console' });
    await user.type(within(consoleRegion).getByLabelText('API key'), 'agt_pasted');
    await user.click(within(consoleRegion).getByRole('switch', { name: 'Stream the answer' }));
    await waitFor(() => expect(within(consoleRegion).getByRole('button', { name: 'Send request' })).toBeEnabled());
    await user.click(within(consoleRegion).getByRole('button', { name: 'Send request' }));
    expect(await within(consoleRegion).findByText('We open at 8.')).toBeInTheDocument();
    expect(completions[0]!.headers.get('authorization')).toBe('Bearer agt_pasted');
    expect(completions[0]!.body).toMatchObject({
      model: 'agent-1',
      stream: false,
      messages: [{ role: 'user', content: 'Hello! What can you help me with?' }],
    });
    expect(within(consoleRegion).getByText('200')).toBeInTheDocument();
  });
});
