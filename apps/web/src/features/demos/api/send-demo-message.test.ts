import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendDemoMessage } from './send-demo-message';

describe('sendDemoMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the newest history the server takes, whatever demo look built it, so turn 26 and on still work', async () => {
    const sent: { history: unknown[]; messages: unknown[] }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        sent.push(JSON.parse(init.body as string) as { history: unknown[]; messages: unknown[] });
        return Promise.resolve(
          new Response(JSON.stringify({ response: 'ok', threadId: 't1', requestCount: 1 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const history = Array.from({ length: 60 }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `turn ${index}`,
    }));
    await sendDemoMessage({ demoId: 'd1', message: 'and now?', threadId: 't1', history });
    expect(sent[0]?.history).toHaveLength(49);
    expect(sent[0]?.history.at(-1)).toEqual({ role: 'assistant', content: 'turn 59' });
    expect(sent[0]?.messages).toHaveLength(50);
  });
});
