import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, stubBrowserApis } from '@/test/workspace-test-harness';
import { publicToDemoViewData, type DemoViewMode } from '../lib/demo-view-data';
import { buildPublicDemoFixture } from '../test/demo-fixtures';
import { DemoStage } from './demo-stage';

type ChatRequest = { path: string; body: Record<string, unknown> };
type Reply = { status?: number; body: unknown };

function mockChat(answer: (request: ChatRequest, index: number) => Reply) {
  const requests: ChatRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const request = {
        path: url.pathname,
        body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
      };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      return Promise.resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

const answer = (text: string, threadId = 'thread-1'): Reply => ({
  body: {
    response: text,
    message: text,
    content: text,
    threadId,
    thread_id: threadId,
    requestCount: 4,
    requestLimit: 100,
  },
});

function renderStage(data: Parameters<typeof DemoStage>[0]['data'], mode: DemoViewMode = 'shared') {
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <DemoStage data={data} mode={mode} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: typeof data, nextMode: DemoViewMode = mode) =>
      view.rerender(
        <QueryClientProvider client={queryClient}>
          <DemoStage data={next} mode={nextMode} />
          <Toaster />
        </QueryClientProvider>,
      ),
  };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByRole('textbox', { name: 'Message' });

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('demo chat', { timeout: 20_000 }, () => {
  it('sends on Enter (not Shift+Enter), keeps the thread id and sends history without the welcome message', async () => {
    const requests = mockChat((_request, index) => answer(index === 0 ? 'We open at 8.' : 'A check-up is 60 dollars.'));
    const user = userEvent.setup();
    renderStage(publicToDemoViewData(buildPublicDemoFixture({}, { welcomeMessage: 'Welcome to Bright Smile!' })));
    expect(within(log()).getByText('Welcome to Bright Smile!')).toBeInTheDocument();

    await user.type(input(), 'When do you open?{Shift>}{Enter}{/Shift}');
    expect(requests).toHaveLength(0);
    expect(input()).toHaveValue('When do you open?\n');
    await user.clear(input());
    await user.type(input(), 'When do you open?{Enter}');
    expect(await within(log()).findByText('We open at 8.')).toBeInTheDocument();
    expect(requests[0]).toEqual({
      path: '/api/demo-chat',
      body: {
        message: 'When do you open?',
        threadId: null,
        demoId: 'demo-1',
        history: [],
        messages: [{ role: 'user', content: 'When do you open?' }],
      },
    });
    // Bot messages carry the fake clock.
    expect(within(log()).getAllByText('10:30 AM').length).toBeGreaterThan(0);

    await user.type(input(), 'How much is a check-up?{Enter}');
    expect(await within(log()).findByText('A check-up is 60 dollars.')).toBeInTheDocument();
    expect(requests[1]?.body.threadId).toBe('thread-1');
    expect(requests[1]?.body.history).toEqual([
      { role: 'user', content: 'When do you open?' },
      { role: 'assistant', content: 'We open at 8.' },
    ]);
  });

  it('disables the input while sending and shows a typing placeholder that the answer replaces', async () => {
    let release: (reply: Reply) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = (reply) => resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 }));
          }),
      ),
    );
    const user = userEvent.setup();
    renderStage(publicToDemoViewData(buildPublicDemoFixture()));
    await user.type(input(), 'Hi{Enter}');
    expect(input()).toBeDisabled();
    expect(within(log()).getByRole('status', { name: 'Typing' })).toBeInTheDocument();
    release(answer('Hello!'));
    expect(await within(log()).findByText('Hello!')).toBeInTheDocument();
    expect(within(log()).queryByRole('status', { name: 'Typing' })).toBeNull();
    expect(input()).toBeEnabled();
  });

  it('follows the welcome message live until the first user message; Clear goes back to it with a new thread', async () => {
    const requests = mockChat(() => answer('Sure.', 'thread-9'));
    const user = userEvent.setup();
    const first = buildPublicDemoFixture({}, { welcomeMessage: 'Hi there' });
    const view = renderStage(publicToDemoViewData(first));
    view.rerenderWith(
      publicToDemoViewData({ ...first, settings: { ...first.settings, welcomeMessage: 'Hello again' } }),
    );
    expect(within(log()).getByText('Hello again')).toBeInTheDocument();
    expect(within(log()).queryByText('Hi there')).toBeNull();

    await user.type(input(), 'Question{Enter}');
    await within(log()).findByText('Sure.');
    view.rerenderWith(
      publicToDemoViewData({ ...first, settings: { ...first.settings, welcomeMessage: 'Changed later' } }),
    );
    expect(within(log()).getByText('Hello again')).toBeInTheDocument();
    expect(within(log()).queryByText('Changed later')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect(within(log()).queryByText('Question')).toBeNull();
    expect(within(log()).getByText('Changed later')).toBeInTheDocument();
    await user.type(input(), 'Again{Enter}');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body.threadId).toBeNull();
  });

  it('clears to an empty chat when the welcome message is off, and a new demo starts afresh', async () => {
    mockChat(() => answer('Answer one'));
    const user = userEvent.setup();
    const data = publicToDemoViewData(buildPublicDemoFixture({}, { showWelcomeMessage: false }));
    const view = renderStage(data);
    expect(within(log()).queryAllByText(/./)).toHaveLength(0);
    await user.type(input(), 'First{Enter}');
    await within(log()).findByText('Answer one');
    view.rerenderWith({ ...data, demoId: 'demo-2' });
    expect(within(log()).queryByText('First')).toBeNull();
  });

  it('says the limit text once and disables the input when the limit is reached, in every look', async () => {
    mockChat(() => ({
      status: 429,
      body: { error: { code: 'DEMO_LIMIT_REACHED', message: 'Limit', support_id: 'x' } },
    }));
    const limitText = 'Demo usage limit reached. Please contact the demo creator for a new link.';
    for (const type of ['standard', 'facebook'] as const) {
      const user = userEvent.setup();
      const view = renderStage(publicToDemoViewData(buildPublicDemoFixture({ type })));
      await user.type(input(), 'Hi{Enter}');
      expect(await within(log()).findByText(limitText)).toBeInTheDocument();
      expect(within(log()).queryByText(/Error:|Sorry, I encountered an error/)).toBeNull();
      expect(input()).toBeDisabled();
      // Clear keeps the chat closed, still saying why once.
      await user.click(screen.getByRole('button', { name: 'Clear conversation' }));
      expect(within(log()).getAllByText(limitText)).toHaveLength(1);
      expect(input()).toBeDisabled();
      view.unmount();
    }
  });

  it('shows a per-network rate limit as a failure and keeps the chat open, in every look', async () => {
    const rateLimit = 'Rate limit exceeded. Too many requests in a short period.';
    const limitText = 'Demo usage limit reached. Please contact the demo creator for a new link.';
    mockChat((request) =>
      request.body.message === 'Too fast'
        ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: rateLimit, support_id: 'x' } } }
        : answer('Back again.'),
    );
    for (const type of ['standard', 'facebook'] as const) {
      const user = userEvent.setup();
      const view = renderStage(publicToDemoViewData(buildPublicDemoFixture({ type })));
      await user.type(input(), 'Too fast{Enter}');
      if (type === 'standard') expect(await within(log()).findByText(`Error: ${rateLimit}`)).toBeInTheDocument();
      else expect(await screen.findByText(rateLimit)).toBeInTheDocument();
      expect(within(log()).queryByText(limitText)).toBeNull();
      expect(input()).toBeEnabled();
      await user.type(input(), 'Later{Enter}');
      expect(await within(log()).findByText('Back again.')).toBeInTheDocument();
      view.unmount();
    }

    const user = userEvent.setup();
    renderStage(publicToDemoViewData(buildPublicDemoFixture({ type: 'website' })));
    const widgetInput = () => screen.getByRole('textbox', { name: 'Type your message...' });
    await user.type(widgetInput(), 'Too fast{Enter}');
    expect(await screen.findByText(rateLimit)).toBeInTheDocument();
    expect(screen.queryByText(limitText)).toBeNull();
    expect(widgetInput()).toBeEnabled();
    await user.type(widgetInput(), 'Later{Enter}');
    expect(await screen.findByText('Back again.')).toBeInTheDocument();
  });

  it('opens a demo that has used its limit closed, with the limit text', () => {
    renderStage(publicToDemoViewData(buildPublicDemoFixture({ requestCount: 5, requestLimit: 5 })));
    expect(
      within(log()).getByText('Demo usage limit reached. Please contact the demo creator for a new link.'),
    ).toBeInTheDocument();
    expect(input()).toBeDisabled();
  });

  it('shows the apology bubble and a toast with the message in the facebook look', async () => {
    mockChat(() => ({ status: 404, body: { error: { code: 'DEMO_NOT_FOUND', message: 'Nope', support_id: 'x' } } }));
    const user = userEvent.setup();
    renderStage(publicToDemoViewData(buildPublicDemoFixture({ type: 'facebook' })));
    expect(screen.getByText('Typically replies instantly')).toBeInTheDocument();
    await user.type(input(), 'Hi{Enter}');
    expect(
      await within(log()).findByText('Sorry, I encountered an error. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Demo configuration not found. Please contact the demo creator.'),
    ).toBeInTheDocument();
  });
});

describe('the website look', { timeout: 20_000 }, () => {
  const widgetInput = () => screen.getByRole('textbox', { name: 'Type your message...' });
  const pickFromMenu = async (user: ReturnType<typeof userEvent.setup>, item: string) => {
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('menuitem', { name: item }));
  };

  it('starts a new thread on New Conversation and continues the old one when it is reopened', async () => {
    const requests = mockChat((request, index) => answer(`Answer ${index + 1}`, `thread-${index + 1}`));
    const user = userEvent.setup();
    renderStage(publicToDemoViewData(buildPublicDemoFixture({ type: 'website' })));

    await user.type(widgetInput(), 'First{Enter}');
    expect(await screen.findByText('Answer 1')).toBeInTheDocument();
    expect(requests[0]?.body.threadId).toBeNull();

    await pickFromMenu(user, 'New Conversation');
    expect(screen.queryByText('First')).toBeNull();
    await user.type(widgetInput(), 'Second{Enter}');
    expect(await screen.findByText('Answer 2')).toBeInTheDocument();
    expect(requests[1]?.body.threadId).toBeNull();

    // The first chat, reopened, goes on in its own thread; the second keeps its own.
    await pickFromMenu(user, 'Previous Conversations');
    await user.click(screen.getByRole('button', { name: /Answer 1/ }));
    await user.type(widgetInput(), 'Third{Enter}');
    expect(await screen.findByText('Answer 3')).toBeInTheDocument();
    expect(requests[2]?.body.threadId).toBe('thread-1');

    await pickFromMenu(user, 'Previous Conversations');
    await user.click(screen.getByRole('button', { name: /Answer 2/ }));
    await user.type(widgetInput(), 'Fourth{Enter}');
    expect(await screen.findByText('Answer 4')).toBeInTheDocument();
    expect(requests[3]?.body.threadId).toBe('thread-2');
  });
});

describe('demo modes', { timeout: 20_000 }, () => {
  const withCard = buildPublicDemoFixture(
    { type: 'instagram', requestCount: 7, requestLimit: 20 },
    { clientMessage: { enabled: true, header: 'Hi Sarah', body: 'Try it out', position: 'right' } },
  );

  it('shows the request counter and the closable client card on the shared page, neither when embedded', async () => {
    const user = userEvent.setup();
    const view = renderStage(publicToDemoViewData(withCard), 'shared');
    expect(screen.getByText('Active now')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Requests used' })).toHaveTextContent('7 / 20 requests used');
    const card = screen.getByRole('complementary', { name: 'Message from the demo creator' });
    expect(within(card).getByText('Try it out')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('complementary', { name: 'Message from the demo creator' })).toBeNull();

    view.rerenderWith(publicToDemoViewData(withCard), 'embedded');
    expect(screen.queryByRole('status', { name: 'Requests used' })).toBeNull();
  });

  it('slides social looks away from the card in the editor only, not on the preview page, shared or embedded', () => {
    const slider = () => screen.getByRole('log', { name: 'Conversation' }).closest('[data-slide]');
    const view = renderStage(publicToDemoViewData(withCard), 'editor');
    expect(slider()).toHaveAttribute('data-slide', '-160');
    view.unmount();
    for (const mode of ['page', 'shared', 'embedded'] as const) {
      const other = renderStage(publicToDemoViewData(withCard), mode);
      expect(slider()).toHaveAttribute('data-slide', '0');
      other.unmount();
    }
  });
});
