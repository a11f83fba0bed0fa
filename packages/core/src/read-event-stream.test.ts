import { describe, expect, it } from 'vitest';
import { readEventStream } from './read-event-stream';

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events: string[] = [];
  for await (const data of readEventStream(streamOf(chunks))) events.push(data);
  return events;
}

describe('readEventStream', () => {
  it('yields the data of each event, even when events are split across chunks', async () => {
    expect(await collect(['data: {"a":1}\n\nda', 'ta: {"b":2}\n', '\n: comment\n\ndata: [DONE]\n\n'])).toEqual([
      '{"a":1}',
      '{"b":2}',
      '[DONE]',
    ]);
  });

  it('reads CRLF line ends and a last event without a blank line', async () => {
    expect(await collect(['data: one\r\n\r\ndata: two'])).toEqual(['one', 'two']);
  });

  it('does not end an event at a CRLF split across two chunks', async () => {
    expect(await collect(['data: one\r', '\ndata: two\r\n\r\n'])).toEqual(['one\ntwo']);
  });

  it('joins data lines with a newline, drops one leading space only, and skips events without data', async () => {
    expect(await collect(['event: ping\n\ndata:  indented\ndata:x\n\n'])).toEqual([' indented\nx']);
  });

  it('cancels the body when the signal aborts', async () => {
    const controller = new AbortController();
    let isCancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('data: first\n\n'));
      },
      cancel() {
        isCancelled = true;
      },
    });
    const events: string[] = [];
    for await (const data of readEventStream(body, controller.signal)) {
      events.push(data);
      controller.abort();
    }
    expect(events).toEqual(['first']);
    expect(isCancelled).toBe(true);
  });

  it('cancels the body when the caller stops reading early', async () => {
    let isCancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('data: first\n\ndata: second\n\n'));
      },
      cancel() {
        isCancelled = true;
      },
    });
    for await (const data of readEventStream(body)) {
      expect(data).toBe('first');
      break;
    }
    expect(isCancelled).toBe(true);
  });
});
