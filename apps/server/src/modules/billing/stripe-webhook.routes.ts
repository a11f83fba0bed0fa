import type { FastifyInstance } from 'fastify';
import { WebhookSignatureError } from '../../platform/payments/billing-provider';
import { AppError } from '../../platform/http/app-error';
import type { BillingContext } from './billing-context';
import { handleBillingEvent } from './handle-billing-event';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes, so this route (and only
 * this one, in its own plugin scope) keeps the body raw.
 */
export async function registerStripeWebhookRoute(root: FastifyInstance, context: BillingContext) {
  await root.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.post('/api/stripe/webhook', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = context.provider.verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('VALIDATION_ERROR', { message: error.message });
        throw error;
      }
      const outcome = await handleBillingEvent({ ...context, event, logger: request.log });
      return reply.send({ received: true, outcome });
    });
    done();
  });
}
