import type { FastifyReply } from 'fastify';

/** Server-sent events on a hijacked reply: `data: <json>` lines, flushed one by one. */
export function startEventStream(reply: FastifyReply, headers: Record<string, string> = {}) {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  reply.raw.flushHeaders();
  return {
    send(data: unknown) {
      if (!reply.raw.writableEnded)
        reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
    get isOpen() {
      return !reply.raw.destroyed && !reply.raw.writableEnded;
    },
  };
}
