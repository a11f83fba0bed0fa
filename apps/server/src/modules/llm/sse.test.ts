import Fastify, { type FastifyInstance } from 'fastify';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEventStream } from './sse';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chunks a raw TCP client receives for `GET path`, until the end of the (chunked) response. */
function readChunks(port: number, path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk.toString('utf8'));
      if (chunks.join('').endsWith('\r\n0\r\n\r\n')) {
        socket.destroy();
        resolve(chunks);
      }
    });
    socket.on('error', reject);
  });
}

describe('server-sent events', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    // One event 100 ms after the stream starts (the first words of an answer), then the end.
    app.get('/answer', async (_request, reply) => {
      const events = startEventStream(reply, { 'x-thread-id': 't1' });
      await wait(100);
      events.send({ type: 'delta', text: 'Hello' });
      events.send('{"type":"delta","text":" there"}');
      await wait(100);
      events.send({ type: 'done' });
      events.end();
    });
    app.get('/empty', (_request, reply) => {
      startEventStream(reply).end();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('sends the headers with the first events, in one write, and what is sent in one turn together', async () => {
    const chunks = await readChunks(port, '/answer');
    expect(chunks[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(chunks[0]).toContain('content-type: text/event-stream; charset=utf-8');
    expect(chunks[0]).toContain('x-thread-id: t1');
    expect(chunks[0]).toContain('data: {"type":"delta","text":"Hello"}\n\ndata: {"type":"delta","text":" there"}\n\n');
    expect(chunks.join('')).toContain('data: {"type":"done"}\n\n');
  });

  it('answers a stream ended without events with its headers', async () => {
    const chunks = await readChunks(port, '/empty');
    expect(chunks.join('')).toMatch(/^HTTP\/1\.1 200[\s\S]*content-type: text\/event-stream/);
  });
});
