import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookBody, WebhookReply } from '@agentry/core/llm';
import { AppError } from '../../platform/http/app-error';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { toClientNetwork } from '../../platform/http/to-client-network';
import type { agent } from '../agents/agents.tables';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { loadPublishedReplyAgent } from '../agents/load-published-reply-agent';
import { createClientAbortSignal } from '../llm/client-abort-signal';
import { generateReply } from '../llm/generate-reply';
import { toAgentThreadOwner } from '../llm/thread-owner';

/** Authenticated calls per agent: what one integration may spend. */
export const WEBHOOK_RATE_LIMIT = { limit: 600, windowMs: 60_000 };
/**
 * Wrong or missing secrets per client IP (IPv6: per /64). Counted apart from the agent's limit, so a stranger
 * who knows an agent id (they are public in shared demos) cannot lock its integration out.
 */
export const WEBHOOK_FAILED_SECRET_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** Digests make both sides the same length, so neither the secret nor its length leaks through timing. */
function isSameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * POST /webhook/:agentId: the contract existing integrations use ({type, threadId, message} -> {threadId, response}).
 * The secret is checked when the request arrives, before its body is read or validated: a caller without the
 * right secret learns nothing about the body and every such call counts against its network's failed-secret limit.
 */
export function registerWebhookRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache } = app.platform;
  const callers = new WeakMap<FastifyRequest, typeof agent.$inferSelect>();

  app.post(
    '/webhook/:agentId',
    {
      onRequest: async (request) => {
        const failedKey = `rate:webhook-failed-secret:${toClientNetwork(request.ip)}`;
        if ((await cache.count(failedKey)) >= WEBHOOK_FAILED_SECRET_LIMIT.limit) {
          throw new AppError('RATE_LIMITED', { extra: { retryAfterMs: WEBHOOK_FAILED_SECRET_LIMIT.windowMs } });
        }
        // Not validated yet (that comes after this hook): read as the raw strings they are.
        const { agentId } = request.params as { agentId?: unknown };
        const header = request.headers['x-webhook-secret'];
        // A wrong secret and an unknown agent answer the same 401 and cost the same comparison.
        const row: typeof agent.$inferSelect | undefined =
          typeof agentId === 'string' && agentId !== ''
            ? await getAgentRowOrThrow({ db, agentId }).catch((error: unknown) => {
                if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
                throw error;
              })
            : undefined;
        const secret = typeof header === 'string' ? header : '';
        const isMatch = isSameSecret(secret, row?.webhookSecret ?? '');
        if (!row || !secret || !isMatch) {
          await cache.hit(failedKey, WEBHOOK_FAILED_SECRET_LIMIT.windowMs);
          throw new AppError('UNAUTHORIZED', { message: 'Invalid webhook secret' });
        }
        callers.set(request, row);
      },
      schema: {
        tags: ['public-api'],
        params: z.object({ agentId: z.string().min(1) }),
        headers: z.looseObject({ 'x-webhook-secret': z.string().optional() }),
        body: WebhookBody,
        response: { 200: WebhookReply },
      },
    },
    async (request, reply) => {
      const row = callers.get(request);
      if (!row) throw new AppError('UNAUTHORIZED', { message: 'Invalid webhook secret' });
      await enforceRateLimit({ cache, key: `webhook:${row.id}`, ...WEBHOOK_RATE_LIMIT });
      const result = await generateReply({
        db,
        config,
        logger: request.log,
        agent: await loadPublishedReplyAgent({ db, agentRow: row }),
        source: 'webhook',
        owner: toAgentThreadOwner(row.id),
        threadId: request.body.threadId,
        message: request.body.message,
        signal: createClientAbortSignal(reply),
      });
      return { threadId: result.threadId, response: result.text };
    },
  );
}
