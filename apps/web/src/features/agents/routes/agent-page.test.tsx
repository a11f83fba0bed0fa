import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog } from '@/components/error-dialog';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildAgent } from '@/test/agent-fixtures';

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

beforeEach(() => stubBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  // The error dialog is one app-wide store; a test must not leave it open for the next.
  act(() => closeErrorDialog());
});

const agent = buildAgent();
const agentPath = '/subaccounts/sa-1/agents/agent-1';

/** A stream the test feeds event by event. */
function controllableStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    close: () => controller.close(),
  };
}

/** The JSON API from mockApi, plus the test chat's stream answered by `onStream`. */
function mockApiWithStream(
  handlers: Parameters<typeof mockApi>[0],
  onStream: (body: { assistantId: string; threadId?: string | null; message: string }) => Response,
) {
  const calls = mockApi(handlers);
  const jsonFetch = globalThis.fetch;
  const streamBodies: { assistantId: string; threadId?: string | null; message: string }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input) === '/api/openai/run-prompt/stream') {
      const body = JSON.parse(init?.body as string) as (typeof streamBodies)[number];
      streamBodies.push(body);
      return Promise.resolve(onStream(body));
    }
    return jsonFetch(input, init);
  });
  return { calls, streamBodies };
}

const baseHandlers = {
  'GET /api/me': { body: signedInUser },
  'GET /api/subaccounts/sa-1/agents/agent-1': { body: agent },
  'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
  'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' } },
  'GET /api/subaccounts/sa-1/agents/agent-1/versions': { body: { publishedVersionId: 'version-1', versions: [] } },
  'GET /api/subaccounts/sa-1/agents/agent-1/gate': { body: { gate: null, runName: null } },
  'GET /api/evaluations': { body: { evaluations: [] } },
};

describe('agent page', () => {
  it('shows the header: name, Agent ID with copy, Type, and a back button to the list', async () => {
    mockApi(baseHandlers);
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    // The first test of a file also loads the lazy route chunk.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Dental Receptionist' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Agent ID')).toBeInTheDocument();
    expect(screen.getByText('agent-1', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText('Type', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Assistant');
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/subaccounts/sa-1/agents');
    await user.click(screen.getByRole('button', { name: 'Copy agent ID' }));
    expect(await navigator.clipboard.readText()).toBe('agent-1');
    expect(await screen.findByRole('button', { name: 'Agent ID copied' })).toBeInTheDocument();
  });

  it('edits the fields with their defaults and saves them with PATCH', async () => {
    let saved = agent;
    const { calls } = mockApiWithStream(
      {
        ...baseHandlers,
        'GET /api/subaccounts/sa-1/agents/agent-1': () => ({ body: saved }),
        'PATCH /api/subaccounts/sa-1/agents/agent-1': ({ body }) => {
          saved = { ...saved, ...(body as object) };
          return { body: saved };
        },
      },
      () => new Response(null, { status: 500 }),
    );
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(name);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(name, 'Smile Desk');
    await user.click(screen.getByRole('radio', { name: 'Chat completion' }));
    const temperature = screen.getByRole('spinbutton', { name: 'Temperature' });
    await user.clear(temperature);
    await user.type(temperature, '0.4');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    await user.type(screen.getByRole('textbox', { name: 'reply 4' }), 'Where are you?');
    const stops = screen.getByRole('textbox', { name: 'Stop sequences' });
    await user.type(stops, 'END{Enter}');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();

    await user.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      aiName: 'Smile Desk',
      type: 'chat-completion',
      temperature: 0.4,
      maxTokens: 2048,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      stopSequences: ['END'],
      suggestedResponses: ['When do you open?', 'How much is a check-up?', 'Can I book?', 'Where are you?'],
      category: 'Chatbots',
      tools: [],
    });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Smile Desk' })).toBeInTheDocument();
  }, 20_000);

  it('adds an HTTP tool with a parameter the user fixes, and saves it', async () => {
    let saved = agent;
    const calls = mockApi({
      ...baseHandlers,
      'GET /api/subaccounts/sa-1/agents/agent-1': () => ({ body: saved }),
      'PATCH /api/subaccounts/sa-1/agents/agent-1': ({ body }) => {
        saved = { ...saved, updatedAt: new Date().toISOString() };
        return { body: { ...saved, ...(body as object), tools: [] } };
      },
    });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    await user.click(await screen.findByRole('button', { name: 'Add tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tool' });
    await user.click(within(dialog).getByRole('button', { name: 'Add tool' }));
    expect(within(dialog).getByText('Tool name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'book_table');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://api.example.com/bookings');
    await user.click(within(dialog).getByRole('button', { name: 'Add header' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Header 1 name' }), 'X-Api-Key');
    await user.type(within(dialog).getByRole('textbox', { name: 'Header 1 value' }), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Use an example' }));
    const guests = within(dialog).getByRole('group', { name: 'guests' });
    expect(within(guests).getByText('*')).toBeInTheDocument();
    await user.click(within(guests).getByRole('button', { name: 'AI mode' }));
    await user.type(within(guests).getByRole('spinbutton'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Add tool' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(within(tools).getByText('book_table')).toBeInTheDocument();
    expect(within(tools).getByText('3 parameters · 1 fixed, 2 by the model')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!.body as { tools: unknown[] };
    expect(patch.tools).toEqual([
      {
        name: 'book_table',
        description: '',
        method: 'POST',
        url: 'https://api.example.com/bookings',
        headers: { 'X-Api-Key': 'secret-1' },
        parameters: expect.objectContaining({ required: ['date', 'guests'] }),
        parameterModes: { guests: { mode: 'manual', value: 4 } },
        enabled: true,
      },
    ]);
  }, 20_000);

  it('resets a sampling setting to its default', async () => {
    mockApi({ ...baseHandlers, 'GET /api/subaccounts/sa-1/agents/agent-1': { body: buildAgent({ topP: 0.5 }) } });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    const topP = await screen.findByRole('spinbutton', { name: 'Top P' });
    expect(topP).toHaveValue(0.5);
    await user.click(screen.getByRole('button', { name: 'Reset Top P to default 1' }));
    expect(topP).toHaveValue(1);
    expect(screen.getByRole('slider', { name: 'Top P slider' })).toHaveAttribute('aria-valuenow', '1');
  });

  it('holds navigation while changes are unsaved', async () => {
    mockApi(baseHandlers);
    const user = userEvent.setup();
    const { router } = renderWorkspace(agentPath);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('link', { name: 'Back to agents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(router.state.location.pathname).toBe(agentPath);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(agentPath);
  });

  it('is read-only for a viewer, chat included', async () => {
    mockApi({
      ...baseHandlers,
      'GET /api/subaccounts/sa-2/agents/agent-1': { body: buildAgent({ subaccountId: 'sa-2' }) },
      'GET /api/subaccounts/sa-2/theme': { body: { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' } },
    });
    renderWorkspace('/subaccounts/sa-2/agents/agent-1');
    expect(await screen.findByText(/view-only access/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('Viewers cannot save changes')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('lets a member tighten the regression gate but not loosen or remove it', async () => {
    mockApi({
      ...baseHandlers,
      'GET /api/me': {
        body: {
          ...signedInUser,
          subaccounts: signedInUser.subaccounts.map((entry) =>
            entry.id === 'sa-1' ? { ...entry, role: 'member' } : entry,
          ),
        },
      },
      'GET /api/subaccounts/sa-1/agents/agent-1/gate': {
        body: { gate: { runId: 'run-1', threshold: 10 }, runName: 'Compliance set' },
      },
      'GET /api/evaluations': {
        body: {
          evaluations: [
            { id: 'run-1', name: 'Compliance set', status: 'finished', agent: { buildId: 'agent-1' } },
            { id: 'run-2', name: 'Easier set', status: 'finished', agent: { buildId: 'agent-1' } },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    expect(
      await screen.findByText('Only admins can remove the gate, choose another evaluation or allow a larger drop.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    const allowed = screen.getByRole('spinbutton', { name: 'Allowed drop (points)' });
    await user.clear(allowed);
    await user.type(allowed, '20');
    expect(screen.getByRole('button', { name: 'Save gate' })).toBeDisabled();
    await user.clear(allowed);
    await user.type(allowed, '5');
    expect(screen.getByRole('button', { name: 'Save gate' })).toBeEnabled();
  });

  it("says 'Agent not found' for an unknown agent", async () => {
    mockApi({
      ...baseHandlers,
      'GET /api/subaccounts/sa-1/agents/agent-1': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Agent not found' } },
      },
    });
    renderWorkspace(agentPath);
    expect(await screen.findByRole('heading', { name: 'Agent not found' })).toBeInTheDocument();
  });
});

describe('test chat', () => {
  it('streams the answer token by token, sends on Enter, keeps the thread and starts over with New chat', async () => {
    const streams: ReturnType<typeof controllableStream>[] = [];
    const { streamBodies } = mockApiWithStream(baseHandlers, () => {
      const stream = controllableStream();
      streams.push(stream);
      return stream.response;
    });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('Hello! How can I help you today?')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });

    await user.type(input, 'When do you open?{Shift>}{Enter}{/Shift}Tomorrow');
    expect(input).toHaveValue('When do you open?\nTomorrow');
    expect(streamBodies).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    await waitFor(() => expect(streamBodies).toHaveLength(1));
    expect(streamBodies[0]).toEqual({ assistantId: 'agent-1', threadId: null, message: 'When do you open?\nTomorrow' });

    act(() => streams[0]!.send({ type: 'delta', text: 'We open ' }));
    expect(await within(log).findByText(/We open/)).toBeInTheDocument();
    expect(within(log).queryByText(/at 8 am/)).not.toBeInTheDocument();
    act(() => streams[0]!.send({ type: 'delta', text: 'at 8 am.' }));
    expect(await within(log).findByText(/We open at 8 am\./)).toBeInTheDocument();
    act(() => {
      streams[0]!.send({ type: 'done', threadId: 'thread-7' });
      streams[0]!.close();
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());

    await user.type(input, 'And on Sunday?{Enter}');
    await waitFor(() => expect(streamBodies).toHaveLength(2));
    expect(streamBodies[1]).toEqual({ assistantId: 'agent-1', threadId: 'thread-7', message: 'And on Sunday?' });
    act(() => {
      streams[1]!.send({ type: 'delta', text: 'Closed on Sunday.' });
      streams[1]!.send({ type: 'done', threadId: 'thread-7' });
      streams[1]!.close();
    });
    expect(await within(log).findByText(/Closed on Sunday\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(within(log).queryByText(/Closed on Sunday\./)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'When do you open?' }));
    await waitFor(() => expect(streamBodies).toHaveLength(3));
    expect(streamBodies[2]).toEqual({ assistantId: 'agent-1', threadId: null, message: 'When do you open?' });
  });

  it('opens the error dialog with the AI error type from the stream', async () => {
    mockApiWithStream(baseHandlers, () => {
      const stream = controllableStream();
      stream.send({
        type: 'error',
        error: {
          code: 'AI_PROVIDER_ERROR',
          message: 'Your API key is invalid or has been revoked.',
          support_id: 'b'.repeat(32),
          type: 'invalid_api_key',
          advice: 'Update your API key in settings.',
        },
      });
      stream.close();
      return stream.response;
    });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invalid API Key' });
    expect(within(dialog).getByText('Your API key is invalid or has been revoked.')).toBeInTheDocument();
    expect(within(dialog).getByText('B'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText('Not answered')).toBeInTheDocument();
  });

  it('opens the error dialog for a refused request, with a retry', async () => {
    let attempts = 0;
    mockApiWithStream(baseHandlers, () => {
      attempts += 1;
      if (attempts === 1) {
        return new Response(
          JSON.stringify({
            error: {
              code: 'RATE_LIMITED',
              message: 'Rate limit exceeded. Too many requests in a short period.',
              support_id: 'c'.repeat(32),
              type: 'rate_limit',
            },
          }),
          { status: 429 },
        );
      }
      const stream = controllableStream();
      stream.send({ type: 'delta', text: 'Hello again.' });
      stream.send({ type: 'done', threadId: 't1' });
      stream.close();
      return stream.response;
    });
    const user = userEvent.setup();
    renderWorkspace(agentPath);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rate Limit Reached' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Hello again\./)).toBeInTheDocument();
    expect(screen.queryByText('Not answered')).not.toBeInTheDocument();
  });
});
