import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { billingPrice } from './billing.tables';

export type PriceRow = typeof billingPrice.$inferSelect;

/** The catalogue entry sold under a provider price id (plans before offers when an id is shared). */
export async function findPriceByProviderId(options: {
  db: Database;
  priceId: string | null | undefined;
}): Promise<PriceRow | null> {
  if (!options.priceId) return null;
  const [row] = await options.db
    .select()
    .from(billingPrice)
    .where(eq(billingPrice.providerPriceId, options.priceId))
    .orderBy(asc(billingPrice.displayOrder))
    .limit(1);
  return row ?? null;
}

/** 400 'Invalid plan selection - missing price ID. Please try again.' for an id we do not sell. */
export async function getPriceByProviderIdOrThrow(options: { db: Database; priceId: string }): Promise<PriceRow> {
  const row = await findPriceByProviderId(options);
  if (!row || !row.isActive) throw new AppError('INVALID_PLAN_SELECTION');
  return row;
}

export async function listPrices(options: { db: Database }): Promise<PriceRow[]> {
  return options.db.select().from(billingPrice).orderBy(asc(billingPrice.displayOrder));
}
