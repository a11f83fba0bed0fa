import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthReply } from '@agentry/core/auth';
import type { AppConfig } from '../../config';

export const APP_VERSION = '0.1.0';

/** Which LLM provider platform calls go to; offline when none is configured. */
export function describeLlmMode(config: AppConfig): HealthReply['llm']['mode'] {
  if (config.llm.openaiBaseUrl) return 'openai-compatible';
  if (config.llm.openaiApiKey) return 'openai';
  if (config.llm.openrouterApiKey) return 'openrouter';
  return 'offline';
}

export function registerHealthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, queue, cache, mailer, config } = app.platform;
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and the mode of every adapter',
        response: { 200: HealthReply, 503: HealthReply },
      },
    },
    async (_request, reply) => {
      const [databaseOk, queueOk, cacheOk] = await Promise.all([database.ping(), queue.ping(), cache.ping()]);
      const isHealthy = databaseOk && queueOk && cacheOk;
      const body: HealthReply = {
        status: isHealthy ? 'ok' : 'degraded',
        version: APP_VERSION,
        database: { mode: database.mode, ok: databaseOk },
        queue: { mode: queue.mode, ok: queueOk },
        cache: { mode: cache.mode, ok: cacheOk },
        mail: { mode: mailer.mode },
        payments: { mode: config.stripeSecretKey ? 'stripe' : 'local' },
        llm: { mode: describeLlmMode(config) },
      };
      return reply.status(isHealthy ? 200 : 503).send(body);
    },
  );
}
