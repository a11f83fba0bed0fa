import { describe, expect, it, vi } from 'vitest';
import { fetchLiveConversations, sendWidgetChat, WidgetChatError } from './chat-api';

const body = { message: 'Hi', history: [] };
const reply = { message: 'Hello there', threadId: 't1', widgetConversationThreadId: 'c1', contactIdentifier: 'v1' };

function sse(events: unknown[], chunkSize = 7, headers: Record<string, string> = {}): Response {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 0; index < text.length; index += chunkSize)
        controller.enqueue(encoder.encode(text.slice(index, index + chunkSize)));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', ...headers } });
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<WidgetChatError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WidgetChatError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('sendWidgetChat', () => {
  it('posts the body to the streaming route and streams tokens as they arrive', async () => {
    const fetchImpl = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        sse([
          { type: 'delta', text: 'Hel' },
          { type: 'delta', text: 'lo there' },
          { type: 'done', reply },
        ]),
      ),
    );
    const deltas: string[] = [];
    const result = await sendWidgetChat({
      apiBase: 'https://app.example',
      widgetId: 'w 1',
      body,
      parentOrigin: 'https://shop.example',
      onDelta: (text) => deltas.push(text),
      fetchImpl,
    });
    expect((fetchImpl.mock.calls[0]?.[1]?.headers as Record<string, string>)['x-widget-parent-origin']).toBe(
      'https://shop.example',
    );
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('https://app.example/api/widget/w%201/chat?stream=1');
    expect(JSON.parse(fetchImpl.mock.calls[0]?.[1]?.body as string)).toEqual(body);
    expect(deltas).toEqual(['Hel', 'Hello there']);
    expect(result).toMatchObject(reply);
  });

  it('says where the answer is stored as soon as the stream starts, before any token', async () => {
    const events: string[] = [];
    await sendWidgetChat({
      apiBase: 'https://app.example',
      widgetId: 'w1',
      body,
      onStart: (started) => events.push(`start ${JSON.stringify(started)}`),
      onDelta: (text) => events.push(`delta ${text}`),
      fetchImpl: () =>
        Promise.resolve(
          sse(
            [
              { type: 'delta', text: 'Hi' },
              { type: 'done', reply },
            ],
            7,
            {
              'x-widget-conversation-id': 'c1',
              'x-thread-id': 't1',
              'x-contact-identifier': 'v1',
            },
          ),
        ),
    });
    expect(events).toEqual([
      'start {"widgetConversationThreadId":"c1","threadId":"t1","contactIdentifier":"v1"}',
      'delta Hi',
    ]);
  });

  it('falls back to JSON and accepts newWidgetConversationThreadId', async () => {
    const result = await sendWidgetChat({
      apiBase: '',
      widgetId: 'w1',
      body,
      fetchImpl: () =>
        Promise.resolve(
          json(200, { message: 'Hi!', threadId: 't', newWidgetConversationThreadId: 'new-c', contactIdentifier: 'v' }),
        ),
    });
    expect(result.widgetConversationThreadId).toBe('new-c');
    expect(result.message).toBe('Hi!');
  });

  it('reports the documented errors', async () => {
    const status = await failure(
      sendWidgetChat({ apiBase: '', widgetId: 'w1', body, fetchImpl: () => Promise.resolve(json(500, {})) }),
    );
    expect(status.display).toBe("Sorry, I'm having trouble connecting. (Error: API request failed with status: 500)");
    const field = await failure(
      sendWidgetChat({
        apiBase: '',
        widgetId: 'w1',
        body,
        fetchImpl: () => Promise.resolve(json(200, { error: 'Agent is offline' })),
      }),
    );
    expect(field.display).toBe("Sorry, I'm having trouble connecting. (Error: Agent is offline)");
    const empty = await failure(
      sendWidgetChat({
        apiBase: '',
        widgetId: 'w1',
        body,
        fetchImpl: () => Promise.resolve(json(200, { threadId: 't' })),
      }),
    );
    expect(empty.display).toBe("Sorry, I'm having trouble connecting. (Error: No message in API response)");
    const streamed = await failure(
      sendWidgetChat({
        apiBase: '',
        widgetId: 'w1',
        body,
        fetchImpl: () =>
          Promise.resolve(sse([{ type: 'error', error: { code: 'LLM_ERROR', message: 'Provider failed' } }])),
      }),
    );
    expect(streamed.display).toBe("Sorry, I'm having trouble connecting. (Error: Provider failed)");
    const cut = await failure(
      sendWidgetChat({
        apiBase: '',
        widgetId: 'w1',
        body,
        fetchImpl: () => Promise.resolve(sse([{ type: 'delta', text: 'partial' }])),
      }),
    );
    expect(cut.display).toBe("Sorry, I'm having trouble connecting. (Error: No message in API response)");
  });

  it("shows the server's own message on 429", async () => {
    const limited = await failure(
      sendWidgetChat({
        apiBase: '',
        widgetId: 'w1',
        body,
        fetchImpl: () =>
          Promise.resolve(
            json(429, {
              error: {
                code: 'WIDGET_DAILY_LIMIT',
                message: 'This chat has reached its daily message limit. Please try again tomorrow.',
              },
            }),
          ),
      }),
    );
    expect(limited.display).toBe('This chat has reached its daily message limit. Please try again tomorrow.');
  });
});

describe('fetchLiveConversations', () => {
  it('reads the live list and fails on errors so the caller can fall back', async () => {
    const fetchImpl = vi.fn((_url: string) =>
      Promise.resolve(
        json(200, {
          conversations: [
            {
              threadId: 'c1',
              lastMessage: 'hi',
              lastMessageTime: '2026-01-01T00:00:00.000Z',
              totalMessages: 2,
              customerNumber: 1,
              contactName: null,
              contactEmail: null,
              unreadCount: 0,
              status: 'live',
            },
          ],
        }),
      ),
    );
    const list = await fetchLiveConversations({
      apiBase: 'https://app.example',
      widgetId: 'w1',
      contactIdentifier: 'v 1',
      fetchImpl,
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(
      'https://app.example/api/widget/w1/conversations?contactIdentifier=v%201',
    );
    expect(list.map((entry) => entry.threadId)).toEqual(['c1']);
    await expect(
      fetchLiveConversations({
        apiBase: '',
        widgetId: 'w1',
        contactIdentifier: 'v',
        fetchImpl: () => Promise.resolve(json(500, {})),
      }),
    ).rejects.toThrow();
  });
});
