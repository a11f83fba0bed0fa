import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible server on loopback that speaks the real wire protocol
 * (POST /v1/chat/completions as JSON and as SSE chunks, tool calls, usage, OpenAI's error
 * bodies), so the real AI SDK and openai clients run in tests and benchmarks.
 *
 * By default it echoes the last user message, calls the first offered tool when the last
 * message is the user's, and reports a tool's result back. Scripted failures: `failNext`,
 * the key 'sk-invalid' (401 invalid_api_key) and the model 'missing-model' (404).
 */

type WireMessage = {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type FakeChatRequest = {
  model: string;
  messages: WireMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: {
    type: 'function';
    function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string }> } };
  }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  [field: string]: unknown;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: FakeChatRequest;
};

export type FakeReply =
  /**
   * `usage` replaces the token counts the fake would report (by default, a token per four
   * characters); `omitUsage` reports none, as some OpenAI-compatible servers do.
   */
  | { text: string; usage?: { promptTokens: number; completionTokens: number }; omitUsage?: boolean }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[]; omitUsage?: boolean }
  | { status: number; body: unknown; headers?: Record<string, string> };

export type FakeErrorKind = 'rate-limit' | 'quota' | 'invalid-key' | 'model-not-found' | 'server-error';

const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

/** OpenAI's own bodies and statuses for each failure. */
export const fakeErrors: Record<FakeErrorKind, Extract<FakeReply, { status: number }>> = {
  'rate-limit': {
    status: 429,
    // retry-after-ms keeps the SDK's backoff short in tests; OpenAI sends the same header.
    headers: { 'retry-after-ms': '5' },
    body: openAiError(
      'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3, Requested 1.',
      'requests',
      'rate_limit_exceeded',
    ),
  },
  quota: {
    status: 429,
    body: openAiError(
      'You exceeded your current quota, please check your plan and billing details.',
      'insufficient_quota',
      'insufficient_quota',
    ),
  },
  'invalid-key': {
    status: 401,
    body: openAiError(
      'Incorrect API key provided: sk-inval***. You can find your API key at https://platform.openai.com/account/api-keys.',
      'invalid_request_error',
      'invalid_api_key',
    ),
  },
  'model-not-found': {
    status: 404,
    body: openAiError(
      'The model `missing-model` does not exist or you do not have access to it.',
      'invalid_request_error',
      'model_not_found',
    ),
  },
  'server-error': {
    status: 500,
    headers: { 'retry-after-ms': '5' },
    body: openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null),
  },
};

export type FakeOpenAiServer = {
  /** Base URL including /v1, as OPENAI_BASE_URL expects. */
  url: string;
  requests: RecordedRequest[];
  /** Overrides the default behaviour; answer undefined to fall back to it. */
  respondWith: (handler: ((request: FakeChatRequest) => FakeReply | undefined) | null) => void;
  /** The next `times` chat requests fail with OpenAI's answer for `kind`. */
  failNext: (kind: FakeErrorKind, times?: number) => void;
  /** Pause before answering and between stream chunks (timeouts, cancellation, benchmarks). */
  setDelays: (delays: { responseMs?: number; chunkMs?: number }) => void;
  /** Responses whose client hung up before the end (a cancelled call). */
  abortedResponses: () => number;
  /** TCP connections accepted since the server started (kept-alive connections count once). */
  connections: () => number;
  reset: () => void;
  close: () => Promise<void>;
};

export function textOf(message: WireMessage | undefined): string {
  if (!message?.content) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => part.text ?? '').join('');
}

function exampleArguments(tool: NonNullable<FakeChatRequest['tools']>[number]): Record<string, unknown> {
  const properties = tool.function.parameters?.properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => {
      const type = schema.type;
      return [name, type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : `test-${name}`];
    }),
  );
}

function defaultReply(request: FakeChatRequest): FakeReply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return { text: `Tool result: ${textOf(last)}` };
  const firstTool = request.tools?.[0];
  if (firstTool && last?.role === 'user')
    return { toolCalls: [{ name: firstTool.function.name, arguments: exampleArguments(firstTool) }] };
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  return { text: `Echo: ${textOf(lastUser)}` };
}

function countTokens(request: FakeChatRequest): number {
  return Math.max(1, Math.ceil(request.messages.reduce((sum, message) => sum + textOf(message).length, 0) / 4));
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let handler: ((request: FakeChatRequest) => FakeReply | undefined) | null = null;
  let failures: FakeErrorKind[] = [];
  let delays = { responseMs: 0, chunkMs: 0 };
  let aborted = 0;

  const server = http.createServer((incoming, outgoing) => {
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) aborted += 1;
    });
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (incoming.url ?? '/').split('?')[0] ?? '/';
      if (incoming.method === 'GET' && path === '/v1/models') {
        outgoing
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'fake' }] }));
        return;
      }
      if (incoming.method !== 'POST' || path !== '/v1/chat/completions') {
        outgoing
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify(openAiError(`Unknown path ${path}`, 'invalid_request_error', null)));
        return;
      }
      const body = JSON.parse(raw || '{}') as FakeChatRequest;
      requests.push({ method: incoming.method, path, headers: incoming.headers, body });
      await sleep(delays.responseMs);
      if (outgoing.destroyed) return;

      const failure = failures.shift();
      const reply: FakeReply =
        failure !== undefined
          ? fakeErrors[failure]
          : incoming.headers.authorization === 'Bearer sk-invalid'
            ? fakeErrors['invalid-key']
            : body.model === 'missing-model'
              ? fakeErrors['model-not-found']
              : (handler?.(body) ?? defaultReply(body));

      if ('status' in reply) {
        outgoing
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify(reply.body));
        return;
      }
      const id = `chatcmpl-${randomUUID()}`;
      const created = Math.floor(Date.now() / 1000);
      const promptTokens = countTokens(body);
      const toolCalls =
        'toolCalls' in reply
          ? reply.toolCalls.map((call) => ({
              id: `call_${randomUUID().slice(0, 8)}`,
              type: 'function' as const,
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            }))
          : undefined;
      const text = 'text' in reply ? reply.text : null;
      const completionTokens = Math.max(1, Math.ceil(((text ?? '') + JSON.stringify(toolCalls ?? '')).length / 4));
      const reported =
        'text' in reply && reply.usage
          ? { prompt_tokens: reply.usage.promptTokens, completion_tokens: reply.usage.completionTokens }
          : { prompt_tokens: promptTokens, completion_tokens: completionTokens };
      const usage = { ...reported, total_tokens: reported.prompt_tokens + reported.completion_tokens };
      const finishReason = toolCalls ? 'tool_calls' : 'stop';

      if (!body.stream) {
        outgoing.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            system_fingerprint: 'fp_fake',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: text,
                  refusal: null,
                  ...(toolCalls ? { tool_calls: toolCalls } : {}),
                },
                logprobs: null,
                finish_reason: finishReason,
              },
            ],
            ...('omitUsage' in reply && reply.omitUsage ? {} : { usage }),
          }),
        );
        return;
      }

      outgoing.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_fake', choices, ...extra })}\n\n`;
      const send = async (data: string) => {
        if (outgoing.destroyed) return false;
        outgoing.write(data);
        await sleep(delays.chunkMs);
        return !outgoing.destroyed;
      };
      if (
        !(await send(
          chunk([
            {
              index: 0,
              delta: { role: 'assistant', content: toolCalls ? null : '' },
              logprobs: null,
              finish_reason: null,
            },
          ]),
        ))
      )
        return;
      if (text !== null) {
        for (const piece of text.match(/\s*\S+\s*/g) ?? []) {
          if (!(await send(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]))))
            return;
        }
      }
      for (const [index, call] of (toolCalls ?? []).entries()) {
        const header = { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } };
        if (!(await send(chunk([{ index: 0, delta: { tool_calls: [header] }, logprobs: null, finish_reason: null }]))))
          return;
        const half = Math.ceil(call.function.arguments.length / 2);
        for (const part of [call.function.arguments.slice(0, half), call.function.arguments.slice(half)]) {
          if (
            !(await send(
              chunk([
                {
                  index: 0,
                  delta: { tool_calls: [{ index, function: { arguments: part } }] },
                  logprobs: null,
                  finish_reason: null,
                },
              ]),
            ))
          )
            return;
        }
      }
      if (!(await send(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }])))) return;
      const isUsageSent = body.stream_options?.include_usage && !('omitUsage' in reply && reply.omitUsage);
      if (isUsageSent && !(await send(chunk([], { usage })))) return;
      outgoing.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(openAiError(String(error), 'server_error', null)));
    });
  });

  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next) {
      handler = next;
    },
    failNext(kind, times = 1) {
      failures.push(...Array.from({ length: times }, () => kind));
    },
    setDelays(next) {
      delays = { responseMs: next.responseMs ?? 0, chunkMs: next.chunkMs ?? 0 };
    },
    abortedResponses: () => aborted,
    connections: () => connections,
    reset() {
      aborted = 0;
      requests.length = 0;
      handler = null;
      failures = [];
      delays = { responseMs: 0, chunkMs: 0 };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
