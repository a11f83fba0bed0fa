import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookBody, WebhookReply } from '@agentry/core/llm';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import type { agent } from '../agents/agents.tables';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { toAgent } from '../agents/to-agent';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { generateReply } from '../llm/generate-reply';

const RATE_LIMIT = { limit: 600, windowMs: 60_000 };

function isSameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** POST /webhook/:agentId: the contract existing integrations use ({type, threadId, message} -> {threadId, response}). */
export function registerWebhookRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;

  app.post(
    '/webhook/:agentId',
    {
      schema: {
        tags: ['public-api'],
        params: z.object({ agentId: z.string().min(1) }),
        headers: z.looseObject({ 'x-webhook-secret': z.string().optional() }),
        body: WebhookBody,
        response: { 200: WebhookReply },
      },
    },
    async (request, reply) => {
      await enforceRateLimit({ cache, key: `webhook:${request.params.agentId}`, ...RATE_LIMIT });
      // A wrong secret and an unknown agent answer the same 401.
      const row: typeof agent.$inferSelect | undefined = await getAgentRowOrThrow({ db, agentId: request.params.agentId }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      });
      const secret = request.headers['x-webhook-secret'];
      if (!row || !secret || !isSameSecret(secret, row.webhookSecret)) throw new AppError('UNAUTHORIZED', { message: 'Invalid webhook secret' });
      const result = await generateReply({
        db,
        config,
        logger: request.log,
        agent: toAgent(row),
        source: 'webhook',
        threadId: request.body.threadId,
        message: request.body.message,
        signal: createClientAbortSignal(reply),
      });
      return { threadId: result.threadId, response: result.text };
    },
  );
}
