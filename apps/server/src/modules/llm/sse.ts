import type { FastifyReply } from 'fastify';

/**
 * Server-sent events on a hijacked reply: `data: <json>` lines (a string is sent as it is).
 * What is sent in one turn of the event loop (the deltas of one read from the provider) goes out
 * in one write, the headers with the first events: one system call instead of one per event.
 * The headers wait for the first event (`writeHead` only stores them), so a stream that has sent
 * nothing yet has not answered either: the evaluation's stream sends its snapshot at once.
 */
export function startEventStream(reply: FastifyReply, headers: Record<string, string> = {}) {
  const response = reply.raw;
  reply.hijack();
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  let pending = '';
  let isFlushScheduled = false;
  function flush() {
    isFlushScheduled = false;
    if (response.writableEnded || response.destroyed) return;
    if (!pending) return;
    const text = pending;
    pending = '';
    response.write(text);
  }
  function scheduleFlush() {
    if (isFlushScheduled) return;
    isFlushScheduled = true;
    process.nextTick(flush);
  }
  return {
    send(data: unknown) {
      if (response.writableEnded) return;
      pending += `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
      scheduleFlush();
    },
    end() {
      if (response.writableEnded) return;
      const text = pending;
      pending = '';
      if (text) response.end(text);
      else response.end();
    },
    get isOpen() {
      return !response.destroyed && !response.writableEnded;
    },
  };
}
