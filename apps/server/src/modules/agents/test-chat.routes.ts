import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RunPromptBody, RunPromptReply, type ChatStreamEvent } from '@agentry/core/llm';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { requireSession, signedInUser } from '../auth/guards';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { generateReply, type GenerateReplyInput } from '../llm/generate-reply';
import { startEventStream } from '../llm/sse';
import { toUserThreadOwner } from '../llm/thread-owner';
import { toStreamError } from '../llm/to-stream-error';
import { getAgentForMemberOrThrow } from './get-agent-for-member-or-throw';
import { toReplyAgent } from './to-reply-agent';

const tags = ['agents'];
const RATE_LIMIT = { limit: 60, windowMs: 60_000 };

/** The agent page's test chat (docs/product/agents.md#routes, POST /api/openai/run-prompt), whole or streamed. */
export function registerTestChatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;

  /** What both routes share: the rate limit, the agent, and the reply's input for this request. */
  async function prepareReply(options: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: RunPromptBody;
  }): Promise<GenerateReplyInput & { signal: AbortSignal }> {
    const { request, body } = options;
    const userId = signedInUser(request).id;
    await enforceRateLimit({ cache, key: `run-prompt:${userId}`, ...RATE_LIMIT });
    // Chatting spends credits: members and up, and never in a locked sub account.
    const agent = toReplyAgent(
      await getAgentForMemberOrThrow({ db, agentId: body.assistantId, userId, action: 'chat.test' }),
    );
    return {
      db,
      config,
      logger: request.log,
      agent,
      source: 'test-chat',
      owner: toUserThreadOwner(userId),
      threadId: body.threadId,
      message: body.message,
      providerKeyId: body.apiKeyId,
      signal: createClientAbortSignal(options.reply),
      // getAgentForMemberOrThrow authorized `chat.test`, which refuses a locked sub account.
      isLockChecked: true,
    };
  }

  // The route's name is the product's wire name: it answers with whichever provider the agent uses, not only OpenAI.
  app.post(
    '/api/openai/run-prompt',
    { preHandler: requireSession, schema: { tags, body: RunPromptBody, response: { 200: RunPromptReply } } },
    async (request, reply) => {
      const result = await generateReply(await prepareReply({ request, reply, body: request.body }));
      return { message: result.text, threadId: result.threadId };
    },
  );

  app.post(
    '/api/openai/run-prompt/stream',
    {
      preHandler: requireSession,
      schema: {
        tags,
        description: 'Server-sent events: {type:"delta",text}, then {type:"done",threadId} or {type:"error",error}.',
        body: RunPromptBody,
      },
    },
    async (request, reply) => {
      const input = await prepareReply({ request, reply, body: request.body });
      const stream = await generateReply({ ...input, stream: true });
      const events = startEventStream(reply, { 'x-thread-id': stream.threadId });
      const send = (event: ChatStreamEvent) => events.send(event);
      try {
        for await (const text of stream.deltas) {
          if (input.signal.aborted) break;
          send({ type: 'delta', text });
        }
        send({ type: 'done', threadId: stream.threadId });
      } catch (error) {
        send({ type: 'error', error: toStreamError(error, request.log) });
      } finally {
        events.end();
      }
    },
  );
}
