import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server';
import { buildChatBody, createChatModel, ProviderCallError } from './chat-completions';
import type { ChatModel, ChatRequest, ChatStreamEvent, ProviderConnection } from './language-model';
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
