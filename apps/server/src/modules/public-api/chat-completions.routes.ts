import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChatCompletionBody, ChatCompletionReply } from '@agentry/core/llm';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit, withinRateLimits } from '../../platform/http/rate-limit';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { loadPublishedReplyAgent } from '../agents/load-published-reply-agent';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { AGENTS_SCOPE } from '../agents/agents-cache-scope';
import { generateReply, type ConversationMessage } from '../llm/generate-reply';
import { readTurnContextOrThrow } from '../llm/read-turn-context';
import { toSubaccountThreadOwner } from '../llm/thread-owner';
import { startEventStream } from '../llm/sse';
import { authenticateApiKeyOrThrow } from './authenticate-api-key';
import { toOpenAiError } from './to-openai-error';

const RATE_LIMIT = { limit: 600, windowMs: 60_000 };

function toConversation(messages: ChatCompletionBody['messages']): ConversationMessage[] {
  return messages.flatMap((message): ConversationMessage[] => {
    if (message.role === 'tool') return [];
    const content =
      typeof message.content === 'string'
        ? message.content
        : (message.content ?? []).map((part) => part.text ?? '').join('');
    return [{ role: message.role === 'developer' ? 'system' : message.role, content }];
  });
}

/**
 * POST /v1/chat/completions: OpenAI-compatible, `model` is an agent id of the API key's sub
 * account, streamed (chat.completion.chunk events, then [DONE]) or whole. Every failure answers
 * in OpenAI's error shape, so any OpenAI SDK can talk to an agent.
 */
export function registerChatCompletionRoutes(root: FastifyInstance) {
  void root.register((scope, _options, done) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { db } = app.platform.database;
    const { config, cache } = app.platform;
    const callers = new WeakMap<FastifyRequest, { keyId: string; subaccountId: string }>();
    /** The calls counted against their key's rate limit already (by the handler). */
    const counted = new WeakSet<FastifyRequest>();
    const rateLimitOf = (keyId: string) => ({ key: `v1:${keyId}`, ...RATE_LIMIT });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      // Every call of a known key counts against its limit, one refused before the handler (its
      // body invalid) too; past the limit that is the answer.
      const caller = callers.get(request);
      if (caller && !counted.has(request)) {
        counted.add(request);
        const refusal = await enforceRateLimit({ cache, ...rateLimitOf(caller.keyId) }).then(
          () => undefined,
          (refused: unknown) => {
            if (!(refused instanceof AppError)) request.log.error({ err: refused }, 'public API rate limit failed');
            return toOpenAiError(refused);
          },
        );
        if (refusal) return reply.status(refusal.status).send(refusal.body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const answer = toOpenAiError(
          new AppError('VALIDATION_ERROR', {
            message: path ? `${path}: ${issue?.message ?? 'Invalid value'}` : (issue?.message ?? 'Invalid request'),
          }),
        );
        return reply.status(answer.status).send(answer.body);
      }
      if (!(error instanceof AppError) && typeof error.statusCode === 'number' && error.statusCode < 500) {
        return reply
          .status(error.statusCode)
          .send(toOpenAiError(new AppError('VALIDATION_ERROR', { message: error.message })).body);
      }
      if (!(error instanceof AppError) || error.status >= 500)
        request.log.error({ err: error }, 'public API call failed');
      const answer = toOpenAiError(error);
      return reply.status(answer.status).send(answer.body);
    });

    app.post(
      '/v1/chat/completions',
      {
        // OpenAI answers a bad key before it looks at the body: the key is checked before the body
        // is read, so a body that is not JSON (or is too large) of a known key counts against its limit.
        onRequest: async (request) => {
          const caller = await authenticateApiKeyOrThrow({
            db,
            cache,
            logger: request.log,
            authorization: request.headers.authorization,
          });
          callers.set(request, caller);
        },
        schema: { tags: ['public-api'], body: ChatCompletionBody, response: { 200: ChatCompletionReply } },
      },
      async (request, reply) => {
        const caller = callers.get(request);
        if (!caller) throw new AppError('UNAUTHORIZED');
        const { body } = request;
        const owner = toSubaccountThreadOwner(caller.subaccountId);
        // Remembered until an agent changes (AGENTS_SCOPE); an unknown one is never remembered.
        // The published version answers (docs/product/agents.md#versions).
        const loadAgent = () =>
          cache
            .remember(AGENTS_SCOPE, `agent:${caller.subaccountId}:${body.model}`, async () =>
              loadPublishedReplyAgent({
                db,
                agentRow: await getAgentRowOrThrow({ db, agentId: body.model, subaccountId: caller.subaccountId }),
              }),
            )
            .catch((error: unknown) => {
              if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
              throw new AppError('NOT_FOUND', {
                message: `The model \`${body.model}\` does not exist or you do not have access to it.`,
                extra: { openAiCode: 'model_not_found' },
              });
            });
        // The one statement before the model (the sub account's lock, who pays, the thread's
        // history), read beside the agent; an unknown model is answered before the lock or the thread.
        const readBeforeModel = async () => {
          const [agentRead, contextRead] = await Promise.allSettled([
            loadAgent(),
            readTurnContextOrThrow({
              db,
              subaccountId: caller.subaccountId,
              thread: body.thread_id
                ? { threadId: body.thread_id, agentId: body.model, source: 'api', owner }
                : undefined,
            }),
          ]);
          if (agentRead.status === 'rejected') throw agentRead.reason;
          if (contextRead.status === 'rejected') throw contextRead.reason;
          return { published: agentRead.value, turnContext: contextRead.value };
        };
        // Counted per key, as every instance counts it; sent beside those reads while the key is
        // well under its limit (one round trip to wait for instead of two), before them once it is not.
        counted.add(request);
        const { published, turnContext } = await withinRateLimits(
          cache,
          [rateLimitOf(caller.keyId)],
          readBeforeModel,
          // Nothing to give back: the reads wrote nothing.
          () => Promise.resolve(),
        );
        const agent = {
          ...published,
          temperature: body.temperature ?? published.temperature,
          maxTokens: body.max_completion_tokens ?? body.max_tokens ?? published.maxTokens,
        };
        const input = {
          db,
          config,
          logger: request.log,
          agent,
          source: 'api' as const,
          owner,
          threadId: body.thread_id,
          turnContext,
          messages: toConversation(body.messages),
          signal: createClientAbortSignal(reply),
          cache,
        };
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);

        if (!body.stream) {
          const result = await generateReply(input);
          void reply.header('x-thread-id', result.threadId);
          return {
            id,
            object: 'chat.completion' as const,
            created,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant' as const, content: result.text, refusal: null },
                logprobs: null,
                finish_reason: 'stop' as const,
              },
            ],
            usage: {
              prompt_tokens: result.inputTokens,
              completion_tokens: result.outputTokens,
              total_tokens: result.inputTokens + result.outputTokens,
            },
            thread_id: result.threadId,
          };
        }

        const stream = await generateReply({ ...input, stream: true });
        const deltas = stream.deltas[Symbol.asyncIterator]();
        // Wait for the first words before answering 200, so a provider failure still gets its status.
        const first = await deltas.next();
        const events = startEventStream(reply, { 'x-thread-id': stream.threadId });
        // Every chunk is the same object but for its delta and finish reason: its JSON is written around theirs.
        const chunkHead = `{"id":${JSON.stringify(id)},"object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(body.model)},"system_fingerprint":null,"choices":[{"index":0,"delta":`;
        const chunkTail = (finishReason: string) =>
          `,"logprobs":null,"finish_reason":${finishReason}}],"thread_id":${JSON.stringify(stream.threadId)}}`;
        const openTail = chunkTail('null');
        const content = (text: string) => `${chunkHead}{"content":${JSON.stringify(text)}}${openTail}`;
        let isDone = first.done === true;
        try {
          events.send(`${chunkHead}{"role":"assistant","content":""}${openTail}`);
          if (!first.done) events.send(content(first.value));
          while (!isDone && events.isOpen) {
            const next = await deltas.next();
            isDone = next.done === true;
            if (!next.done) events.send(content(next.value));
          }
          if (isDone) {
            const result = await stream.result;
            events.send(`${chunkHead}{}${chunkTail('"stop"')}`);
            if (body.stream_options?.include_usage) {
              events.send({
                id,
                object: 'chat.completion.chunk',
                created,
                model: body.model,
                system_fingerprint: null,
                choices: [],
                usage: {
                  prompt_tokens: result.inputTokens,
                  completion_tokens: result.outputTokens,
                  total_tokens: result.inputTokens + result.outputTokens,
                },
              });
            }
            events.send('[DONE]');
          }
        } catch (error) {
          isDone = true;
          if (!(error instanceof AppError) || error.status >= 500)
            request.log.error({ err: error }, 'public API stream failed');
          events.send(toOpenAiError(error).body);
        } finally {
          if (!isDone) await deltas.return?.();
          events.end();
        }
      },
    );
    done();
  });
}
