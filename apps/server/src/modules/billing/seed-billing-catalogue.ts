import { sql } from 'drizzle-orm';
import { billingPriceCatalogue, parsePackKey, type BillingPrice } from '@agentry/core/billing';
import type { Database } from '../../platform/db/database';
import type { BillingProvider } from '../../platform/payments/billing-provider';
import { billingPrice } from './billing.tables';

/** One-time bonus packs exist only where a Stripe price is configured under 'pack_<credits>'. */
function packPrices(packKeys: string[]): BillingPrice[] {
  return packKeys.flatMap((key) => {
    const credits = parsePackKey(key);
    if (!credits) return [];
    return [
      {
        key,
        kind: 'pack',
        mode: 'payment',
        planFamily: null,
        tierCode: null,
        interval: null,
        amountCents: 0,
        currency: 'usd',
        creditLimit: 0,
        bonusCredits: credits,
        displayName: `${credits.toLocaleString('en-US')} bonus credits`,
        displayDescription: 'Bonus credits that never expire',
        displayOrder: 1000 + credits,
        capabilities: null,
      } satisfies BillingPrice,
    ];
  });
}

/** Idempotent: writes the catalogue from packages/core with the running provider's price ids. */
export async function seedBillingCatalogue(options: { db: Database; provider: BillingProvider; packKeys: string[] }) {
  const rows = [...billingPriceCatalogue, ...packPrices(options.packKeys)].map((price) => {
    const ids = options.provider.priceIdFor(price.key);
    return {
      key: price.key,
      kind: price.kind,
      mode: price.mode,
      planFamily: price.planFamily,
      tierCode: price.tierCode,
      interval: price.interval,
      // A pack's amount lives in Stripe only.
      amountCents: price.kind === 'pack' ? null : price.amountCents,
      currency: price.currency,
      creditLimit: price.creditLimit,
      bonusCredits: price.bonusCredits,
      displayName: price.displayName,
      displayDescription: price.displayDescription,
      displayOrder: price.displayOrder,
      isActive: true,
      capabilities: price.capabilities,
      providerPriceId: ids.priceId,
      providerPriceIdLive: ids.livePriceId,
    };
  });
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await options.db
    .insert(billingPrice)
    .values(rows)
    .onConflictDoUpdate({
      target: billingPrice.key,
      set: {
        kind: excluded('kind'),
        mode: excluded('mode'),
        planFamily: excluded('plan_family'),
        tierCode: excluded('tier_code'),
        interval: excluded('interval'),
        amountCents: excluded('amount_cents'),
        currency: excluded('currency'),
        creditLimit: excluded('credit_limit'),
        bonusCredits: excluded('bonus_credits'),
        displayName: excluded('display_name'),
        displayDescription: excluded('display_description'),
        displayOrder: excluded('display_order'),
        isActive: excluded('is_active'),
        capabilities: excluded('capabilities'),
        providerPriceId: excluded('provider_price_id'),
        providerPriceIdLive: excluded('provider_price_id_live'),
        updatedAt: sql`now()`,
      },
    });
}
