import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseProviderError } from '../../modules/llm/to-llm-app-error';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { buildChatBody, createChatModel, ProviderCallError } from './chat-completions';
import type { ChatModel, ChatRequest, ChatStreamEvent, ProviderConnection } from './language-model';
import { providerAgentFor } from './provider-agent-for';
import { withRetries } from './with-retries';

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Hello there' },
  ],
  temperature: 0.3,
  topP: 1,
  frequencyPenalty: 0,
  presencePenalty: 0,
  maxTokens: 200,
  stop: ['END'],
};

async function collect(events: AsyncIterable<ChatStreamEvent>) {
  const texts: string[] = [];
  let finish: Extract<ChatStreamEvent, { type: 'finish' }> | undefined;
  for await (const event of events) {
    if (event.type === 'text') texts.push(event.text);
    else finish = event;
  }
  return { texts, finish };
}

describe('the Chat Completions client against the fake provider', () => {
  let fake: FakeOpenAiServer;
  let connection: ProviderConnection;
  let model: ChatModel;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    connection = { provider: 'openai', apiKey: 'sk-test', baseUrl: `${fake.url}/` };
    model = createChatModel(connection, 'gpt-4o-mini');
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('sends the conversation and settings, and reads a whole answer with its usage', async () => {
    fake.respondWith(() => ({ text: 'Hi.', usage: { promptTokens: 12, completionTokens: 3 } }));
    const answer = await model.complete(request);
    expect(answer).toEqual({
      text: 'Hi.',
      toolCalls: [],
      usage: { inputTokens: 12, outputTokens: 3 },
      finishReason: 'stop',
    });
    const sent = fake.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: request.messages,
      max_tokens: 200,
      temperature: 0.3,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      stop: ['END'],
    });
  });

  it('streams the text chunk by chunk, asks for the usage and reads it from the last chunk', async () => {
    fake.respondWith(() => ({ text: 'one two three four', usage: { promptTokens: 7, completionTokens: 4 } }));
    // Chunks apart in time arrive in reads of their own.
    fake.setDelays({ chunkMs: 15 });
    const { texts, finish } = await collect(await model.stream(request));
    expect(texts).toEqual(['one ', 'two ', 'three ', 'four']);
    expect(finish).toEqual({
      type: 'finish',
      toolCalls: [],
      usage: { inputTokens: 7, outputTokens: 4 },
      finishReason: 'stop',
    });
    expect(fake.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('offers tools and assembles a tool call from its pieces, whole and streamed', async () => {
    const tools = [
      {
        name: 'get_weather',
        description: 'The weather',
        parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } } },
      },
    ];
    const whole = await model.complete({ ...request, tools });
    expect(fake.requests[0]?.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'The weather', parameters: tools[0]?.parameters },
      },
    ]);
    const { texts, finish } = await collect(await model.stream({ ...request, tools }));
    expect(texts).toEqual([]);
    for (const calls of [whole.toolCalls, finish?.toolCalls]) {
      expect(calls).toEqual([
        {
          id: expect.stringMatching(/^call_/),
          type: 'function',
          function: { name: 'get_weather', arguments: JSON.stringify({ city: 'test-city', days: 1 }) },
        },
      ]);
    }
    expect(finish?.finishReason).toBe('tool_calls');
  });

  it('sends OpenRouter its app headers, and no key to a keyless server', async () => {
    const router = createChatModel(
      { provider: 'openrouter', apiKey: 'sk-or', baseUrl: fake.url, appUrl: 'https://app.example' },
      'openai/gpt-4o-mini',
    );
    await router.complete(request);
    expect(fake.requests[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-or',
      'http-referer': 'https://app.example',
      'x-title': 'Agentry',
    });
    const keyless = createChatModel(
      { provider: 'openai-compatible', apiKey: undefined, baseUrl: fake.url },
      'llama3.1',
    );
    await keyless.complete(request);
    expect(fake.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('fails with the status, body and headers of an error answer; 429 and 5xx are retryable, 401 is not', async () => {
    fake.failNext('invalid-key');
    const invalid = await model.complete(request).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ProviderCallError);
    expect(invalid).toMatchObject({ statusCode: 401, isRetryable: false });
    expect((invalid as ProviderCallError).message).toMatch(/^Incorrect API key provided/);
    expect((invalid as ProviderCallError).responseBody).toContain('invalid_api_key');

    fake.failNext('rate-limit');
    const limited = await model.stream(request).catch((error: unknown) => error);
    expect(limited).toMatchObject({ statusCode: 429, isRetryable: true });
    expect((limited as ProviderCallError).responseHeaders['retry-after-ms']).toBe('5');
  });

  it('retries a refused call with backoff (whole and before a stream starts), never an exhausted quota', async () => {
    const retried = withRetries(model, { maxRetries: 3, baseDelayMs: 1 });
    fake.failNext('rate-limit', 2);
    fake.failNext('server-error');
    expect((await retried.complete(request)).text).toBe('Echo: Hello there');
    expect(fake.requests).toHaveLength(4);

    fake.reset();
    fake.failNext('server-error');
    expect((await collect(await retried.stream(request))).texts.join('')).toBe('Echo: Hello there');
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.failNext('quota');
    await expect(retried.complete(request)).rejects.toMatchObject({ statusCode: 429 });
    expect(fake.requests).toHaveLength(1);
  });

  it('says it cannot connect to an unreachable provider, and that is retryable', async () => {
    const unreachable = createChatModel({ provider: 'openai', apiKey: 'sk', baseUrl: 'http://127.0.0.1:9/v1' }, 'x');
    await expect(unreachable.complete(request)).rejects.toMatchObject({
      name: 'ProviderCallError',
      message: expect.stringMatching(/^Cannot connect to API/),
      statusCode: undefined,
      isRetryable: true,
    });
  });

  it('lets go of the provider when the reader stops early, and ends a timed-out stream with TimeoutError', async () => {
    fake.respondWith(() => ({ text: Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 20 });
    for await (const event of await model.stream(request)) {
      expect(event.type).toBe('text');
      break;
    }
    await expect.poll(() => fake.abortedResponses(), { timeout: 5000 }).toBe(1);

    const reading = collect(await model.stream(request, AbortSignal.timeout(100)));
    await expect(reading).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect.poll(() => fake.abortedResponses(), { timeout: 5000 }).toBe(2);
  });
});

/** A loopback server for one test; `handle` answers (or breaks) each connection's requests. */
async function startRawServer(handle: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the connections to the provider', () => {
  let fake: FakeOpenAiServer;
  let model: ChatModel;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    model = createChatModel({ provider: 'openai', apiKey: 'sk-test', baseUrl: fake.url }, 'gpt-4o-mini');
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('keeps one connection alive across calls, whole and streamed, and sends the body in one piece', async () => {
    for (let call = 0; call < 3; call += 1) expect((await model.complete(request)).text).toBe('Echo: Hello there');
    for (let call = 0; call < 3; call += 1)
      expect((await collect(await model.stream(request))).texts.join('')).toBe('Echo: Hello there');
    // Six calls one after the other: one connection (a new one each would be six).
    expect(fake.connections()).toBe(1);
    const headers = fake.requests[0]?.headers;
    expect(headers?.['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(fake.requests[0]?.body))));
    expect(headers?.['transfer-encoding']).toBeUndefined();
    expect(headers?.['accept-encoding']).toBe('identity');
    expect(headers?.connection).toBe('keep-alive');
  });

  it('destroys the connection when the call is aborted mid-stream, and answers with the abort reason', async () => {
    fake.respondWith(() => ({ text: Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ') }));
    fake.setDelays({ chunkMs: 20 });
    const before = fake.connections();
    const controller = new AbortController();
    const reason = new Error('The client went away.');
    const texts: string[] = [];
    const reading = (async () => {
      for await (const event of await model.stream(request, controller.signal)) {
        if (event.type !== 'text') continue;
        texts.push(event.text);
        if (texts.length === 2) controller.abort(reason);
      }
    })();
    await expect(reading).rejects.toBe(reason);
    expect(texts).toHaveLength(2);
    // The provider sees the connection close under its answer.
    await expect.poll(() => fake.abortedResponses(), { timeout: 5000 }).toBe(1);
    const pool = providerAgentFor('http:');
    const pooled = [...Object.values(pool.sockets), ...Object.values(pool.freeSockets)].flat();
    expect(pooled.every((socket) => socket && !socket.destroyed)).toBe(true);
    fake.reset();
    expect((await model.complete(request)).text).toBe('Echo: Hello there');
    expect(fake.connections()).toBeGreaterThanOrEqual(before);
  });

  it('fails a stream the provider cuts off with the network error fetch gave', async () => {
    const cutting = await startRawServer((incoming, outgoing) => {
      incoming.resume();
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hel' } }] })}\n\n`);
      setTimeout(() => outgoing.socket?.destroy(), 20);
    });
    const cut = createChatModel({ provider: 'openai', apiKey: 'sk', baseUrl: cutting.url }, 'gpt-4o-mini');
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const event of await cut.stream(request)) if (event.type === 'text') texts.push(event.text);
    })().catch((error: unknown) => error);
    await cutting.close();
    expect(texts).toEqual(['Hel']);
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect(failure).toMatchObject({ statusCode: undefined, isRetryable: false, cause: { code: 'ECONNRESET' } });
    // What undici's fetch threw for the same cut: TypeError('terminated') caused by a closed socket.
    const fetchCut = new TypeError('terminated', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(parseProviderError(failure)).toEqual(parseProviderError(fetchCut));
    expect(parseProviderError(failure).type).toBe('network_error');
  });

  it('hands on the text of chunks that arrive in one read as one piece, and the text before an error in it', async () => {
    const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
    const text = (content: string) => event({ choices: [{ index: 0, delta: { content } }] });
    const bodies = [
      text('one ') +
        text('two ') +
        text('three') +
        event({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) +
        event({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 3 } }) +
        'data: [DONE]\n\n',
      text('Half ') +
        text('an answer') +
        event({ error: { message: 'The model is overloaded.', type: 'server_error' } }),
    ];
    const together = await startRawServer((incoming, outgoing) => {
      incoming.resume();
      // The whole stream in one write: one read on the other side.
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' }).end(bodies.shift());
    });
    const batched = createChatModel({ provider: 'openai', apiKey: 'sk', baseUrl: together.url }, 'gpt-4o-mini');
    expect(await collect(await batched.stream(request))).toEqual({
      texts: ['one two three'],
      finish: { type: 'finish', toolCalls: [], usage: { inputTokens: 5, outputTokens: 3 }, finishReason: 'stop' },
    });
    const texts: string[] = [];
    const failure = await (async () => {
      for await (const entry of await batched.stream(request)) if (entry.type === 'text') texts.push(entry.text);
    })().catch((error: unknown) => error);
    await together.close();
    expect(texts).toEqual(['Half an answer']);
    expect(failure).toMatchObject({ message: 'The model is overloaded.' });
  });

  it('reads chunks alike and unlike in one stream: text, a null text, text with the finish, usage, an error', async () => {
    const chunk = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, logprobs: null, finish_reason: null, ...choice }], ...extra })}\n\n`;
    const bodies = [
      chunk({ delta: { role: 'assistant', content: '' } }) +
        chunk({ delta: { content: 'Caf' } }) +
        chunk({ delta: { content: 'é "au lait"\n' } }) +
        chunk({ delta: { content: null } }) +
        // Written by a server that puts spaces after colons: a shape of its own, read whole.
        'data: {"id": "chatcmpl-9", "choices": [{"index": 0, "delta": {"content": "\\u00e0 "}}]}\n\n' +
        chunk({ delta: { content: 'la' } }) +
        chunk({ delta: { content: ' carte' }, finish_reason: 'length' }) +
        chunk({ delta: { content: 'x' } }, { usage: { prompt_tokens: 4, completion_tokens: 6 } }) +
        'data: [DONE]\n\n',
      chunk({ delta: { content: 'Half ' } }) +
        chunk({ delta: { content: 'an answer' } }) +
        `data: ${JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } })}\n\n`,
    ];
    const provider = await startRawServer((incoming, outgoing) => {
      incoming.resume();
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      // One chunk per write, as a provider writes them.
      const parts = bodies.shift()?.split(/(?<=\n\n)/) ?? [];
      const next = () => {
        const part = parts.shift();
        if (part === undefined) outgoing.end();
        else outgoing.write(part, () => setImmediate(next));
      };
      next();
    });
    const streaming = createChatModel({ provider: 'openai', apiKey: 'sk', baseUrl: provider.url }, 'gpt-4o-mini');
    const { texts, finish } = await collect(await streaming.stream(request));
    expect(texts.join('')).toBe('Café "au lait"\nà la cartex');
    expect(finish).toEqual({
      type: 'finish',
      toolCalls: [],
      usage: { inputTokens: 4, outputTokens: 6 },
      finishReason: 'length',
    });
    const before: string[] = [];
    const failure = await (async () => {
      for await (const entry of await streaming.stream(request)) if (entry.type === 'text') before.push(entry.text);
    })().catch((error: unknown) => error);
    await provider.close();
    expect(before.join('')).toBe('Half an answer');
    expect(failure).toMatchObject({ message: 'The model is overloaded.' });
  });

  it('reads a compressed answer when a provider compresses it anyway', async () => {
    const answer = { choices: [{ index: 0, message: { content: 'Zipped.' }, finish_reason: 'stop' }] };
    const zipping = await startRawServer((incoming, outgoing) => {
      incoming.resume();
      outgoing
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(JSON.stringify(answer)));
    });
    const zipped = createChatModel({ provider: 'openai', apiKey: 'sk', baseUrl: zipping.url }, 'gpt-4o-mini');
    const whole = await zipped.complete(request);
    await zipping.close();
    expect(whole.text).toBe('Zipped.');
  });

  it('calls an https base URL over TLS through the shared https agent', async () => {
    expect(providerAgentFor('https:')).toBeInstanceOf(https.Agent);
    expect(providerAgentFor('http:')).not.toBeInstanceOf(https.Agent);
    expect(providerAgentFor('https:')).toBe(providerAgentFor('https:'));
    for (const protocol of ['http:', 'https:'])
      expect(providerAgentFor(protocol)).toMatchObject({ keepAlive: true, maxSockets: 256 });
    // A plain TCP listener sees what the client opens with: a TLS handshake record (0x16).
    const firstBytes: number[] = [];
    const listener = net.createServer((socket) => {
      socket.once('data', (data: Buffer) => {
        firstBytes.push(data[0] ?? -1);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const secure = createChatModel(
      { provider: 'openai', apiKey: 'sk', baseUrl: `https://127.0.0.1:${port}/v1` },
      'gpt-4o-mini',
    );
    await expect(secure.complete(request)).rejects.toMatchObject({
      name: 'ProviderCallError',
      message: expect.stringMatching(/^Cannot connect to API/),
      isRetryable: true,
    });
    await new Promise((resolve) => listener.close(resolve));
    expect(firstBytes).toEqual([0x16]);
  });
});

describe('the request body per model', () => {
  it("gives OpenAI's reasoning models a developer message, max_completion_tokens and no sampling settings", () => {
    const body = buildChatBody({ provider: 'openai', modelId: 'gpt-5-mini', request, stream: false });
    expect(body).toMatchObject({
      messages: [
        { role: 'developer', content: 'You are terse.' },
        { role: 'user', content: 'Hello there' },
      ],
      max_completion_tokens: 200,
    });
    for (const field of ['max_tokens', 'temperature', 'top_p', 'frequency_penalty', 'presence_penalty'])
      expect(body[field]).toBeUndefined();
    // The same names elsewhere are not OpenAI's models; gpt-5-chat is not a reasoning model.
    for (const [provider, modelId] of [
      ['openrouter', 'o3-mini'],
      ['openai', 'gpt-5-chat-latest'],
      ['openai', 'gpt-4o'],
    ] as const)
      expect(buildChatBody({ provider, modelId, request, stream: false })).toMatchObject({
        max_tokens: 200,
        temperature: 0.3,
        messages: [{ role: 'system' }, { role: 'user' }],
      });
  });

  it('holds OpenAI to a JSON schema and asks other servers for JSON mode', () => {
    const schema = { type: 'object', properties: { score: { type: 'number' } }, additionalProperties: false };
    const withFormat = { ...request, responseFormat: { name: 'verdict', schema } };
    expect(
      buildChatBody({ provider: 'openai', modelId: 'gpt-4o-mini', request: withFormat, stream: false }),
    ).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema, strict: true } },
    });
    expect(
      buildChatBody({ provider: 'openai-compatible', modelId: 'llama3.1', request: withFormat, stream: false }),
    ).toMatchObject({ response_format: { type: 'json_object' } });
  });
});
