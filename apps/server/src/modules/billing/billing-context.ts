import type { FastifyBaseLogger } from 'fastify';
import type { PlanSummary } from '@agentry/core/billing';
import { toSafeReturnUrl } from '@agentry/core/return-url';
import type { Database } from '../../platform/db/database';
import type { BillingProvider } from '../../platform/payments/billing-provider';
import type { PriceRow } from './find-price';

/** What every billing operation needs: the database, the payment provider and where the site lives. */
export type BillingContext = {
  db: Database;
  provider: BillingProvider;
  publicUrl: string;
  logger?: FastifyBaseLogger;
};

export function summarizePlan(price: PriceRow | null, fallbackPriceId: string | null = null): PlanSummary {
  return {
    displayName: price?.displayName ?? 'Free',
    creditLimit: price?.creditLimit ?? 0,
    priceId: price?.providerPriceId ?? fallbackPriceId,
    tierCode: price?.tierCode ?? null,
  };
}

/**
 * An absolute URL on this site for the provider to send the browser back to: a path is
 * completed with PUBLIC_URL; another origin is refused (open redirect) unless both are loopback
 * (the web dev server runs on its own port).
 */
export function toReturnUrl(publicUrl: string, value: string | undefined, fallbackPath: string): string {
  const site = new URL(publicUrl);
  const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  // Any origin of a loopback value counts as this site when the site itself is on loopback.
  let loopbackOrigin: string | undefined;
  try {
    loopbackOrigin =
      value && isLoopback(site.hostname) && isLoopback(new URL(value).hostname) ? new URL(value).origin : undefined;
  } catch {
    loopbackOrigin = undefined;
  }
  const safe = toSafeReturnUrl(value, { allowedOrigins: [site.origin, ...(loopbackOrigin ? [loopbackOrigin] : [])] });
  if (safe === undefined) return `${publicUrl}${fallbackPath}`;
  return safe.startsWith('/') ? `${publicUrl}${safe}` : safe;
}

/** Adds query parameters; `{CHECKOUT_SESSION_ID}` stays unencoded for the provider to fill in. */
export function withQuery(url: string, parameters: Record<string, string>): string {
  const query = Object.entries(parameters)
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${value === '{CHECKOUT_SESSION_ID}' ? value : encodeURIComponent(value)}`,
    )
    .join('&');
  const [base, hash] = url.split('#');
  return `${base}${base?.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}
