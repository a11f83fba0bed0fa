import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CloseLocalDisputeBody,
  LocalChargeListReply,
  LocalChargeReply,
  LocalDisputeReply,
  LocalRefundBody,
} from '@agentry/core/billing';
import { AppError } from '../http/app-error';
import { requireLoopbackCaller } from '../http/require-loopback-caller';
import { LocalChargeRefusal } from './local-charges';
import type { LocalBillingProvider } from './local-billing-provider';

const ChargeParams = z.object({ chargeId: z.string().min(1).max(100) });
const DisputeParams = z.object({ disputeId: z.string().min(1).max(100) });

/** A refused action is the caller's mistake (400, with the reason); an unknown id is a 404. */
async function orRefusal<T>(action: Promise<T | null>, missing: string): Promise<T> {
  let result: T | null;
  try {
    result = await action;
  } catch (error) {
    if (error instanceof LocalChargeRefusal) throw new AppError('VALIDATION_ERROR', { message: error.message });
    throw error;
  }
  if (!result) throw new AppError('NOT_FOUND', { message: missing });
  return result;
}

/**
 * TEST MODE refunds and disputes of the local provider's payments, the way an operator refunds
 * in Stripe's dashboard and a cardholder disputes with their bank: developer tools, so, like the
 * clock, loopback callers only, and only where test payments are taken. Only the local provider
 * registers them, so with Stripe configured these paths do not exist.
 */
export function registerLocalPaymentToolRoutes(root: FastifyInstance, provider: LocalBillingProvider) {
  if (!provider.isTestModeAllowed) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { charges } = provider;

  app.get(
    '/api/billing/local/charges',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['billing'],
        summary: 'Local provider only: the payments taken, newest first',
        response: { 200: LocalChargeListReply },
      },
    },
    async () => ({ charges: await charges.list() }),
  );

  app.post(
    '/api/billing/local/charges/:chargeId/refund',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['billing'],
        summary: 'Local provider only: refund a payment, in part or in full (charge.refunded)',
        params: ChargeParams,
        body: LocalRefundBody.optional(),
        response: { 200: LocalChargeReply },
      },
    },
    (request) => orRefusal(charges.refund(request.params.chargeId, request.body?.amountCents), 'Charge not found'),
  );

  app.post(
    '/api/billing/local/charges/:chargeId/dispute',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['billing'],
        summary: 'Local provider only: the cardholder disputes a payment (charge.dispute.created)',
        params: ChargeParams,
        response: { 200: LocalDisputeReply },
      },
    },
    (request) => orRefusal(charges.openDispute(request.params.chargeId), 'Charge not found'),
  );

  app.post(
    '/api/billing/local/disputes/:disputeId/close',
    {
      onRequest: requireLoopbackCaller,
      schema: {
        tags: ['billing'],
        summary: "Local provider only: the bank's decision on a dispute (charge.dispute.closed)",
        params: DisputeParams,
        body: CloseLocalDisputeBody,
        response: { 200: LocalDisputeReply },
      },
    },
    (request) => orRefusal(charges.closeDispute(request.params.disputeId, request.body.outcome), 'Dispute not found'),
  );
}
