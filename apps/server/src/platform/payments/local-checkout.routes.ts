import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdvanceClockBody, AdvanceClockReply } from '@agentry/core/billing';
import { formatMoney } from '@agentry/core/plans';
import { toSafeReturnUrl } from '@agentry/core/return-url';
import { AppError } from '../http/app-error';
import { requireLoopbackCaller } from '../http/require-loopback-caller';
import { PaymentDeclinedError } from './billing-provider';
import type { LocalBillingProvider } from './local-billing-provider';
import { escapeHtml } from '../http/escape-html';

const SessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const PayForm = z.object({ outcome: z.enum(['pay', 'decline']).default('pay') });

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2430;margin:0;padding:32px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#ffb020;color:#3b2600;font-weight:700;font-size:12px;letter-spacing:.08em;padding:4px 10px;border-radius:999px}
h1{font-size:22px;margin:16px 0 4px}.amount{font-size:32px;font-weight:700;margin:8px 0 20px}
.muted{color:#5b6473;font-size:14px}.error{background:#fdecec;color:#9b1c1c;padding:10px 12px;border-radius:8px;margin:12px 0}
fieldset{border:1px solid #d9dde3;border-radius:8px;margin:16px 0;padding:10px 14px}label{display:block;margin:6px 0}
.actions{display:flex;gap:12px;margin-top:20px}button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
button.primary{background:#43c0b8;color:#fff;font-weight:600}button.secondary{background:#e6e9ee;color:#1d2430}
</style></head><body><main><span class="badge">TEST MODE</span>${body}</main></body></html>`;
}

function renderCheckout(options: {
  sessionId: string;
  title: string;
  amount: string;
  amountCents: number | null;
  discountNote: string;
  detail: string;
  error?: string;
  /** Why the page takes no payment; null when it does. */
  closedReason: string | null;
  isSetup: boolean;
}) {
  const action = `/api/billing/local-checkout/${encodeURIComponent(options.sessionId)}`;
  return page(
    `${options.title} - TEST MODE checkout`,
    `<h1>${escapeHtml(options.title)}</h1>
<div class="amount"${options.amountCents === null ? '' : ` data-amount-cents="${options.amountCents}"`}>${escapeHtml(options.amount)}</div>
<p class="muted">${escapeHtml(options.detail + options.discountNote)}</p>
<p class="muted">This is the built-in test checkout. No card is charged and no money moves.</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${
  options.closedReason === null
    ? `<form method="post" action="${action}/pay">
<fieldset><legend>Test card</legend>
<label><input type="radio" name="outcome" value="pay" checked> Card succeeds (4242 4242 4242 4242)</label>
<label><input type="radio" name="outcome" value="decline"> Card declined (4000 0000 0000 0002)${options.isSetup ? ' - saved, then declined when charged' : ''}</label>
</fieldset>
<div class="actions"><button class="primary" type="submit">${options.isSetup ? 'Confirm' : 'Pay'}</button>
<button class="secondary" type="submit" formaction="${action}/cancel">Cancel</button></div></form>`
    : `<p class="error">${escapeHtml(options.closedReason)}</p>`
}`,
  );
}

function closedReasonOf(status: 'open' | 'complete' | 'expired', isTestModeAllowed: boolean): string | null {
  if (status === 'complete') return 'This checkout is already paid.';
  // Closed when the same account opened another plan checkout: one plan per account.
  if (status === 'expired') return 'This checkout page has expired. Start again from the pricing page.';
  if (!isTestModeAllowed)
    return 'Test payments are disabled because this server runs on a public address. Configure STRIPE_SECRET_KEY to take payments.';
  return null;
}

/** The local provider's pages: a TEST MODE checkout, a minimal portal and the adjustable clock. */
export function registerLocalCheckoutRoutes(root: FastifyInstance, provider: LocalBillingProvider) {
  void root.register((plugin, _options, done) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    // HTML forms post urlencoded bodies; only these routes accept them.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });

    async function renderSession(sessionId: string, error?: string) {
      const session = await provider.getCheckoutSession(sessionId);
      if (!session) throw new AppError('NOT_FOUND', { message: 'Checkout session not found' });
      const price = provider.describePrice(session.priceId);
      const isSetup = session.mode === 'setup';
      const title = isSetup ? 'Confirm your plan change' : (price?.displayName ?? 'Checkout');
      // The amount the session charges, as computed when it was created (discounts applied).
      const amountDue = session.amountDueCents ?? price?.amountCents ?? null;
      const amount = isSetup
        ? (session.description ?? 'Save a card')
        : amountDue !== null
          ? formatMoney(amountDue)
          : '';
      const discountNote =
        !isSetup && session.discount && price
          ? ` (${session.discount.percentOff}% off ${formatMoney(price.amountCents)})`
          : '';
      const detail = isSetup
        ? 'Save a test card; the prorated amount is charged when the change is confirmed.'
        : price?.mode === 'subscription'
          ? `${price.creditLimit.toLocaleString('en-US')} credits a month, billed every ${price.interval === 'year' ? 'year' : 'month'}`
          : price?.creditLimit
            ? `${price.creditLimit.toLocaleString('en-US')} credits a month, one payment`
            : 'One payment';
      return renderCheckout({
        amountCents: isSetup ? null : amountDue,
        discountNote,
        sessionId,
        title,
        amount,
        detail,
        error,
        closedReason: closedReasonOf(session.status, provider.isTestModeAllowed),
        isSetup,
      });
    }

    app.get(
      '/api/billing/local-checkout/:sessionId',
      { schema: { hide: true, params: SessionParams } },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await renderSession(request.params.sessionId)),
    );

    app.post(
      '/api/billing/local-checkout/:sessionId/pay',
      { schema: { hide: true, params: SessionParams, body: PayForm.optional() } },
      async (request, reply) => {
        if (!(await provider.getCheckoutSession(request.params.sessionId)))
          throw new AppError('NOT_FOUND', { message: 'Checkout session not found' });
        try {
          const result = await provider.completeCheckout(request.params.sessionId, request.body?.outcome ?? 'pay');
          if ('redirectUrl' in result) return await reply.redirect(result.redirectUrl, 303);
        } catch (error) {
          if (!(error instanceof PaymentDeclinedError)) throw error;
        }
        return reply
          .status(402)
          .type('text/html; charset=utf-8')
          .send(
            await renderSession(
              request.params.sessionId,
              'Your card was declined. Please update your payment method and try again.',
            ),
          );
      },
    );

    app.post(
      '/api/billing/local-checkout/:sessionId/cancel',
      { schema: { hide: true, params: SessionParams } },
      async (request, reply) => {
        const session = await provider.getCheckoutSession(request.params.sessionId);
        if (!session) throw new AppError('NOT_FOUND', { message: 'Checkout session not found' });
        return reply.redirect(session.cancelUrl, 303);
      },
    );

    app.get(
      '/api/billing/local-portal',
      {
        schema: {
          hide: true,
          querystring: z.object({ customer: z.string(), returnUrl: z.string().default('/usage') }),
        },
      },
      (request, reply) => {
        const returnUrl =
          toSafeReturnUrl(request.query.returnUrl, { allowedOrigins: [root.platform.config.publicUrl] }) ?? '/usage';
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Billing portal - TEST MODE',
              `<h1>Billing portal</h1><p class="muted">The local payment provider keeps no cards or invoices to manage. Change or cancel your plan from the usage page.</p><p><a href="${escapeHtml(returnUrl)}">Return</a></p>`,
            ),
          );
      },
    );

    // Moves every tenant's billing period: a developer tool, so loopback callers only. Only the
    // local provider registers these routes, so with Stripe configured the path does not exist.
    if (provider.isTestModeAllowed) {
      app.post(
        '/api/billing/local/advance-clock',
        {
          onRequest: requireLoopbackCaller,
          schema: {
            tags: ['billing'],
            summary: 'Local provider only: move its clock forward to reach a period end',
            body: AdvanceClockBody,
            response: { 200: AdvanceClockReply },
          },
        },
        async (request) => {
          const result = await provider.advanceClock(request.body.days);
          return { now: result.now.toISOString(), offsetDays: result.offsetDays };
        },
      );
    }
    done();
  });
}
