import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpToolInput, toHttpTool, type HttpToolInput as HttpToolInputType } from '@agentry/core/tools';
import { BLOCKED_ADDRESS_MESSAGE } from '../../platform/http/ssrf-guard';
import { executeHttpTool } from './execute-http-tool';

describe('executeHttpTool', () => {
  let server: http.Server;
  let base: string;
  const received: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', body, headers: request.headers });
        if (request.url?.startsWith('/big')) return response.end('x'.repeat(200 * 1024));
        if (request.url?.startsWith('/hang')) return;
        if (request.url?.startsWith('/to-metadata'))
          return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        if (request.url?.startsWith('/hop')) return response.writeHead(307, { location: '/echo' }).end();
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, url: request.url, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const makeTool = (overrides: Partial<HttpToolInputType>) =>
    toHttpTool(
      HttpToolInput.parse({
        name: 'lookup',
        url: `${base}/echo`,
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' }, unit: { type: 'string' }, id: { type: 'string' } },
        },
        ...overrides,
      }),
    );

  it('refuses a tool that points at 127.0.0.1 and never connects', async () => {
    const before = received.length;
    await expect(executeHttpTool({ tool: makeTool({}), modelArguments: { city: 'Paris' } })).rejects.toThrow(
      BLOCKED_ADDRESS_MESSAGE,
    );
    expect(received.length).toBe(before);
  });

  it('calls a GET tool with the model arguments and the fixed values in the query (loopback allowed for the test)', async () => {
    const tool = makeTool({
      method: 'GET',
      url: `${base}/echo/{id}`,
      parameterModes: { unit: { mode: 'manual', value: 'celsius' } },
      headers: { 'x-api-key': 'k-1' },
    });
    const result = await executeHttpTool({
      tool,
      modelArguments: { city: 'Paris', id: 'a b', unit: 'kelvin' },
      allowLoopback: true,
    });
    expect(result.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/echo/a%20b?city=Paris&unit=celsius' });
    expect(received.at(-1)?.headers['x-api-key']).toBe('k-1');
  });

  it('sends a JSON body for POST and follows a redirect on loopback', async () => {
    const result = await executeHttpTool({
      tool: makeTool({ method: 'POST', url: `${base}/hop` }),
      modelArguments: { city: 'Oslo' },
      allowLoopback: true,
    });
    expect(result.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/echo', body: '{"city":"Oslo"}' });
  });

  it('refuses a redirect to a link-local address', async () => {
    await expect(
      executeHttpTool({
        tool: makeTool({ method: 'GET', url: `${base}/to-metadata` }),
        modelArguments: {},
        allowLoopback: true,
      }),
    ).rejects.toThrow(BLOCKED_ADDRESS_MESSAGE);
  });

  it('keeps at most 64 KB of the answer', async () => {
    const result = await executeHttpTool({
      tool: makeTool({ method: 'GET', url: `${base}/big` }),
      modelArguments: {},
      allowLoopback: true,
    });
    expect(result.body.length).toBe(64 * 1024);
    expect(result.truncated).toBe(true);
  });

  it('gives up after the timeout', async () => {
    await expect(
      executeHttpTool({
        tool: makeTool({ method: 'GET', url: `${base}/hang` }),
        modelArguments: {},
        allowLoopback: true,
        timeoutMs: 300,
      }),
    ).rejects.toThrow('The tool lookup did not answer within 0.3 seconds.');
  });
});
