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
    expect(await collect(['data: {"a":1}\n\nda', 'ta: {"b":2}\n', '\n: comment\n\ndata: [DONE]\n\n'])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('reads CRLF line ends and a last event without a blank line', async () => {
    expect(await collect(['data: one\r\n\r\ndata: two'])).toEqual(['one', 'two']);
  });
});
