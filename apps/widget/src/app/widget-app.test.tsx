/// <reference types="@testing-library/jest-dom/vitest" />
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultWidgetSettings } from '@agentry/core/widget';
import type { WidgetAppConfig } from './read-widget-config';
import { WidgetApp } from './widget-app';
import { storageKeys } from './widget-storage';
import { testSession } from './test-session';

const config: WidgetAppConfig = {
  ...defaultWidgetSettings,
  widgetId: 'w1',
  hasBuild: true,
  apiBase: 'https://app.example',
  chatBubble: { enabled: false, message: 'Hi', delaySeconds: 0 },
};

type Call = { url: string; body: Record<string, unknown> | null };
let calls: Call[] = [];
let answer: (body: Record<string, unknown>) => Response;

function sse(text: string, reply: Record<string, unknown>): Response {
  const events = [
    ...text.split(' ').map((word, index) => ({ type: 'delta', text: index === 0 ? word : ` ${word}` })),
    { type: 'done', reply: { message: text, ...reply } },
  ];
  return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });
}

beforeEach(() => {
  calls = [];
  answer = (body) =>
    sse(`Answer to ${String(body.message)}`, {
      threadId: 'thread-1',
      widgetConversationThreadId: 'conv-1',
      contactIdentifier: 'v_visitor',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url.includes('/conversations'))
        return Promise.resolve(
          new Response(JSON.stringify({ conversations: [] }), { headers: { 'content-type': 'application/json' } }),
        );
      return Promise.resolve(answer(body ?? {}));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderApp(overrides: Partial<Parameters<typeof WidgetApp>[0]> = {}) {
  return render(
    <WidgetApp
      config={config}
      parentOrigin={null}
      mode={null}
      storage={localStorage}
      parentViewport={{ width: 1280, height: 800 }}
      {...overrides}
    />,
  );
}

async function openAndSend(text: string) {
  if (!screen.queryByRole('dialog')) await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  await userEvent.type(screen.getByRole('textbox'), `${text}{Enter}`);
  await screen.findByText(`Answer to ${text}`);
}

describe('WidgetApp', () => {
  it('brings the open conversation back from the server when only the host page kept its pointer (frame storage blocked)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null });
        const transcript = {
          conversation: {},
          messages: [
            { id: 'm1', role: 'user', content: 'Do you ship to Oslo?', createdAt: '2026-11-25T10:00:00.000Z' },
            { id: 'm2', role: 'assistant', content: 'We do, in two days.', createdAt: '2026-11-25T10:00:05.000Z' },
          ],
        };
        return Promise.resolve(
          new Response(JSON.stringify(transcript), { headers: { 'content-type': 'application/json' } }),
        );
      }),
    );
    renderApp({
      storage: null,
      isStorageKept: false,
      hostState: {
        visitor: 'v_kept_by_host',
        dbThreadId: 'conv-9',
        openAIThreadId: 'thread-9',
        lastActivity: Date.now() - 60_000,
        isOpen: false,
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByText('We do, in two days.')).toBeInTheDocument();
    expect(screen.getByText('Do you ship to Oslo?')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      'https://app.example/api/widget/w1/conversations/conv-9?contactIdentifier=v_kept_by_host',
    );
  });

  it('ignores a host pointer older than the one-hour session', async () => {
    renderApp({
      storage: null,
      hostState: {
        visitor: 'v_kept_by_host',
        dbThreadId: 'conv-9',
        openAIThreadId: null,
        lastActivity: Date.now() - 2 * 3_600_000,
        isOpen: false,
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(calls.some((call) => call.url.includes('/conversations/conv-9'))).toBe(false);
  });

  it('streams answers, sends history without the greeting and keeps thread ids and the visitor id', async () => {
    renderApp();
    await openAndSend('First');
    await openAndSend('Second');
    expect(calls[0]?.url).toBe('https://app.example/api/widget/w1/chat?stream=1');
    expect(calls[0]?.body).toMatchObject({
      message: 'First',
      history: [],
      threadId: null,
      widgetConversationThreadId: null,
      contactIdentifier: null,
    });
    expect(calls[1]?.body).toMatchObject({
      message: 'Second',
      threadId: 'thread-1',
      widgetConversationThreadId: 'conv-1',
      contactIdentifier: 'v_visitor',
      history: [
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Answer to First' },
      ],
    });
    expect(localStorage.getItem(storageKeys.contactIdentifier('w1'))).toBe('v_visitor');
  });

  it('sends a suggested reply without history and hides the suggestions afterwards', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.click(screen.getByRole('button', { name: 'How does it work?' }));
    await screen.findByText('Answer to How does it work?');
    expect(calls[0]?.body).not.toHaveProperty('history');
    expect(screen.queryByRole('button', { name: 'What is your product?' })).toBeNull();
  });

  it('restores a valid session on load and archives an expired one', async () => {
    const { unmount } = renderApp();
    await openAndSend('Remember me');
    unmount();
    renderApp();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByText('Remember me')).toBeInTheDocument();
    screen.getByRole('dialog');

    const stored = JSON.parse(localStorage.getItem(storageKeys.session('w1')) ?? '{}');
    stored.activeChat.lastActivity = Date.now() - 3_600_001;
    localStorage.setItem(storageKeys.session('w1'), JSON.stringify(stored));
    const second = renderApp();
    second.unmount();
    const saved = JSON.parse(localStorage.getItem(storageKeys.conversations('w1')) ?? '{}');
    expect(saved.conversations.map((entry: { lastMessage: string }) => entry.lastMessage)).toContain(
      'Answer to Remember me',
    );
    expect(localStorage.getItem(storageKeys.session('w1'))).toBeNull();
  });

  it('archives on New Conversation and reopens from Previous Conversations', async () => {
    renderApp();
    await openAndSend('Old question');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'New Conversation' }));
    expect(screen.queryByText('Old question')).toBeNull();
    expect(screen.getByText('Hello! How can I help you today?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Previous Conversations' }));
    const entry = await screen.findByRole('button', { name: /Answer to Old question/ });
    expect(entry).toHaveTextContent('3 messages');
    // The live list is fetched only inside an iframe (docs/product/widget.md#in-the-visitors-browser); this page is not framed.
    expect(calls.some((call) => call.url.includes('/conversations'))).toBe(false);
    await userEvent.click(entry);
    expect(screen.getByText('Old question')).toBeInTheDocument();
    await openAndSend('Follow-up');
    expect(calls[calls.length - 1]?.body).toMatchObject({ widgetConversationThreadId: 'conv-1' });
  });

  it("keeps a deleted conversation out of Previous Conversations, though the server still lists the visitor's copy", async () => {
    // The live list is fetched only inside an iframe.
    vi.stubGlobal('parent', { postMessage: vi.fn() });
    const live = (threadId: string, lastMessage: string) => ({
      threadId,
      lastMessage,
      lastMessageTime: new Date().toISOString(),
      totalMessages: 2,
      customerNumber: 1,
      contactName: null,
      contactEmail: null,
      unreadCount: 0,
      status: 'live',
    });
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url.includes('/conversations'))
        return Promise.resolve(
          new Response(
            JSON.stringify({
              conversations: [live('conv-1', 'Answer to Old question'), live('conv-2', 'From another device')],
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
        );
      return Promise.resolve(answer(body ?? {}));
    });
    vi.stubGlobal('fetch', fetchMock);
    const listFetches = () => fetchMock.mock.calls.filter(([url]) => url.includes('/conversations')).length;
    const showHistory = async () => {
      const fetched = listFetches();
      await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Previous Conversations' }));
      // The server's list, merged in once it arrives.
      await vi.waitFor(() => expect(listFetches()).toBe(fetched + 1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    };
    const entries = () => screen.queryAllByRole('button', { name: 'Delete conversation' });
    const deleteEntry = async (preview: RegExp) => {
      const entry = screen.getByRole('button', { name: preview }).closest('li');
      if (!entry) throw new Error(`No entry ${String(preview)}`);
      await userEvent.click(within(entry).getByRole('button', { name: 'Delete conversation' }));
    };

    const first = renderApp();
    await openAndSend('Old question');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'New Conversation' }));
    await showHistory();
    // The chat saved here (thread conv-1) and the server-only conversation conv-2.
    expect(entries()).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Answer to Old question/ })).not.toHaveTextContent('Anonymous');

    await deleteEntry(/Answer to Old question/);
    await deleteEntry(/From another device/);
    expect(screen.getByText('No previous conversations')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await showHistory();
    expect(entries()).toHaveLength(0);
    expect(screen.queryByText('Anonymous')).toBeNull();

    // Also after a reload.
    first.unmount();
    renderApp();
    if (!screen.queryByRole('dialog')) await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await showHistory();
    expect(entries()).toHaveLength(0);
  });

  it("shows the documented error bubble and the server's 429 message", async () => {
    answer = () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox'), 'Hello{Enter}');
    expect(
      await screen.findByText("Sorry, I'm having trouble connecting. (Error: API request failed with status: 500)"),
    ).toBeInTheDocument();
    answer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'WIDGET_DAILY_LIMIT',
            message: 'This chat has reached its daily message limit. Please try again tomorrow.',
          },
        }),
        {
          status: 429,
          headers: { 'content-type': 'application/json' },
        },
      );
    await userEvent.type(screen.getByRole('textbox'), 'Again{Enter}');
    expect(
      await screen.findByText('This chat has reached its daily message limit. Please try again tomorrow.'),
    ).toBeInTheDocument();
  });

  it('obeys parent commands only from the pinned origin and the parent window', async () => {
    renderApp({ parentOrigin: 'https://shop.example' });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'open-widget' }, origin: 'https://evil.example', source: window }),
      );
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'open-widget' }, origin: 'https://shop.example', source: window }),
      );
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'identify', contact: { name: 'Ada', email: 'ada@example.com' } },
          origin: 'https://shop.example',
          source: window,
        }),
      );
    });
    await openAndSend('Who am I');
    expect(calls[0]?.body).toMatchObject({ contact: { name: 'Ada', email: 'ada@example.com' } });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'toggle-widget' },
          origin: 'https://shop.example',
          source: window,
        }),
      );
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps where an answer is stored as soon as it starts, so a visitor who leaves mid-answer finds it', async () => {
    localStorage.clear();
    // The answer starts and never ends here: the visitor leaves the page while it is written.
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(`data: ${JSON.stringify({ type: 'delta', text: 'Sure' })}\n\n`),
            );
          },
        }),
        {
          headers: {
            'content-type': 'text/event-stream',
            'x-widget-conversation-id': 'conv-new',
            'x-thread-id': 'thread-new',
            'x-contact-identifier': 'v_new_visitor',
          },
        },
      );
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox'), 'Do you ship abroad?{Enter}');
    await screen.findByText('Sure');
    expect(localStorage.getItem(storageKeys.contactIdentifier('w1'))).toBe('v_new_visitor');
    const session = JSON.parse(localStorage.getItem(storageKeys.session('w1')) ?? '{}');
    expect(session).toMatchObject({
      dbThreadId: 'conv-new',
      openAIThreadId: 'thread-new',
      contactIdentifier: 'v_new_visitor',
    });
  });

  it('forgets the conversation a failed answer named, so the next message is not sent to one that does not exist', async () => {
    localStorage.clear();
    answer = () =>
      new Response(`data: ${JSON.stringify({ type: 'error', error: { message: 'The provider is down' } })}\n\n`, {
        headers: {
          'content-type': 'text/event-stream',
          'x-widget-conversation-id': 'conv-never-stored',
          'x-thread-id': 'thread-never-stored',
          'x-contact-identifier': 'v_visitor',
        },
      });
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox'), 'Hello?{Enter}');
    await screen.findByText(/The provider is down/);
    const session = JSON.parse(localStorage.getItem(storageKeys.session('w1')) ?? '{}');
    expect(session.dbThreadId ?? null).toBeNull();
    expect(session.openAIThreadId ?? null).toBeNull();
  });

  it('keeps the conversation when the connection drops mid-answer (the server may still store it)', async () => {
    localStorage.clear();
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(`data: ${JSON.stringify({ type: 'delta', text: 'Sure' })}\n\n`),
            );
            setTimeout(() => controller.error(new TypeError('network error')), 20);
          },
        }),
        {
          headers: {
            'content-type': 'text/event-stream',
            'x-widget-conversation-id': 'conv-kept',
            'x-thread-id': 'thread-kept',
            'x-contact-identifier': 'v_visitor',
          },
        },
      );
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox'), 'Hello?{Enter}');
    await screen.findByText(/having trouble connecting/);
    const session = JSON.parse(localStorage.getItem(storageKeys.session('w1')) ?? '{}');
    expect(session.dbThreadId).toBe('conv-kept');
  });

  it('goes on in a new conversation when the server no longer has the one the chat continues', async () => {
    localStorage.clear();
    const now = Date.now();
    localStorage.setItem(storageKeys.contactIdentifier('w1'), 'v_visitor');
    localStorage.setItem(
      storageKeys.session('w1'),
      JSON.stringify(
        testSession(now, {
          contactIdentifier: 'v_visitor',
          openAIThreadId: 'thread-gone',
          dbThreadId: 'conv-gone',
          activeChat: {
            id: 'chat-1',
            messages: [{ id: 'u0', content: 'Earlier question', sender: 'user', timestamp: now }],
            lastActivity: now,
          },
        }),
      ),
    );
    answer = (body) =>
      body.widgetConversationThreadId === 'conv-gone'
        ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Conversation not found' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : sse(`Answer to ${String(body.message)}`, {
            threadId: 'thread-2',
            widgetConversationThreadId: 'conv-2',
            contactIdentifier: 'v_visitor',
          });
    renderApp();
    await openAndSend('Still there?');
    const chats = calls.filter((call) => call.url.includes('/chat'));
    expect(chats.map((call) => call.body?.widgetConversationThreadId ?? null)).toEqual(['conv-gone', null]);
    expect(chats[1]?.body?.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ content: 'Earlier question' })]),
    );
  });

  it('follows the session another tab writes', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const now = Date.now();
    const otherTab = testSession(now, {
      contactIdentifier: 'v_other',
      openAIThreadId: 't9',
      dbThreadId: 'c9',
      activeChat: {
        id: 'chat-other',
        messages: [
          { id: 'greeting-x', content: 'Hello! How can I help you today?', sender: 'agent', timestamp: now },
          { id: 'u', content: 'Typed in the other tab', sender: 'user', timestamp: now },
        ],
        lastActivity: now,
      },
    });
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: storageKeys.session('w1'), newValue: JSON.stringify(otherTab) }),
      );
    });
    expect(screen.getByText('Typed in the other tab')).toBeInTheDocument();
    await openAndSend('Continue here');
    expect(calls[0]?.body).toMatchObject({ widgetConversationThreadId: 'c9', contactIdentifier: 'v_other' });
  });

  it('closes an expired session after the 60 s check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    await user.type(screen.getByRole('textbox'), 'Late{Enter}');
    await screen.findByText('Answer to Late');
    await act(() => vi.advanceTimersByTimeAsync(3_600_000 + 60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    const saved = JSON.parse(localStorage.getItem(storageKeys.conversations('w1')) ?? '{}');
    expect(saved.conversations).toHaveLength(1);
  });
});

describe('WidgetApp as a website block', () => {
  beforeEach(() => localStorage.clear());

  it('is open at once with no launcher or close button, answers, and restores the chat after a reload', async () => {
    const blockConfig: WidgetAppConfig = { ...config, widgetId: 'b1', isBlock: true, widgetTitle: 'Ask us' };
    const first = renderApp({ config: blockConfig, parentViewport: { width: 390, height: 844 } });
    const region = screen.getByRole('region', { name: 'Ask us' });
    expect(screen.queryByRole('button', { name: /open chat|close/i })).toBeNull();
    // No phone takeover at 390 px: the block stays inline.
    expect(region.closest('.aw-root')).not.toHaveClass('aw-mobile');

    await userEvent.type(screen.getByRole('textbox', { name: 'Type your message...' }), 'Open on Sunday?{Enter}');
    expect(await screen.findByText('Answer to Open on Sunday?')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('/api/widget/b1/chat');
    first.unmount();

    renderApp({ config: blockConfig });
    expect(screen.getByRole('region', { name: 'Ask us' })).toBeInTheDocument();
    expect(screen.getByText('Answer to Open on Sunday?')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.session('b1'))).toContain('conv-1');
  });
});
