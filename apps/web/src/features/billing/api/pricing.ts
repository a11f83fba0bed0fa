import type { PricingOffer, PricingPlanEntry, PricingPromotion } from '@agentry/core/billing';
import { normalizeCatalogueTier, PlanCatalogueReply, type CatalogueEntry } from '@agentry/core/plans';
import { computeAmountDue, findPromotion } from '@agentry/core/pricing';
import { apiRequest } from '@/lib/api';

export type LivePricing = {
  /** Keyed by lowercase plan name ('starter', 'growth', ...). */
  plans: Record<string, PricingPlanEntry[]>;
  offers: PricingOffer[];
  /** The landing promotions with what their checkout charges. */
  promotions: PricingPromotion[];
};

const emptyPricing: LivePricing = { plans: {}, offers: [], promotions: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readEntry(raw: unknown): PricingPlanEntry | null {
  if (!isRecord(raw)) return null;
  const interval = raw.billingInterval;
  if (interval !== 'month' && interval !== 'year') return null;
  const price = typeof raw.price === 'number' ? raw.price : null;
  const priceCents =
    typeof raw.priceCents === 'number' ? raw.priceCents : price !== null ? Math.round(price * 100) : null;
  if (priceCents === null || typeof raw.tierCode !== 'string') return null;
  return {
    billingInterval: interval,
    price: price ?? priceCents / 100,
    priceCents,
    stripePriceId: typeof raw.stripePriceId === 'string' && raw.stripePriceId ? raw.stripePriceId : null,
    tierCode: raw.tierCode,
    creditLimit: typeof raw.creditLimit === 'number' ? raw.creditLimit : 0,
  };
}

function readOffer(raw: unknown): PricingOffer | null {
  if (!isRecord(raw) || typeof raw.key !== 'string' || typeof raw.name !== 'string') return null;
  const priceCents =
    typeof raw.priceCents === 'number'
      ? raw.priceCents
      : typeof raw.price === 'number'
        ? Math.round(raw.price * 100)
        : 0;
  // Without the server's amount, the same function the server charges by.
  const due = computeAmountDue({ priceKey: raw.key, listCents: priceCents });
  return {
    key: raw.key,
    name: raw.name,
    mode: raw.mode === 'payment' ? 'payment' : 'subscription',
    price: typeof raw.price === 'number' ? raw.price : priceCents / 100,
    priceCents,
    amountDueCents: typeof raw.amountDueCents === 'number' ? raw.amountDueCents : due.dueCents,
    discountPercent: typeof raw.discountPercent === 'number' ? raw.discountPercent : (due.discount?.percentOff ?? null),
    stripePriceId: typeof raw.stripePriceId === 'string' && raw.stripePriceId ? raw.stripePriceId : null,
    credits: typeof raw.credits === 'number' ? raw.credits : 0,
    bonusCredits: typeof raw.bonusCredits === 'number' ? raw.bonusCredits : 0,
  };
}

function readPromotion(raw: unknown): PricingPromotion | null {
  if (!isRecord(raw) || typeof raw.id !== 'string') return null;
  const promotion = findPromotion(raw.id);
  if (
    !promotion ||
    typeof raw.tierCode !== 'string' ||
    (raw.billingInterval !== 'month' && raw.billingInterval !== 'year')
  )
    return null;
  const priceCents = typeof raw.priceCents === 'number' ? raw.priceCents : 0;
  return {
    id: promotion.id,
    couponId: typeof raw.couponId === 'string' && raw.couponId ? raw.couponId : promotion.discount.couponId,
    tierCode: raw.tierCode,
    billingInterval: raw.billingInterval,
    stripePriceId: typeof raw.stripePriceId === 'string' && raw.stripePriceId ? raw.stripePriceId : null,
    priceCents,
    amountDueCents:
      typeof raw.amountDueCents === 'number'
        ? raw.amountDueCents
        : computeAmountDue({ priceKey: promotion.priceKey, listCents: priceCents, promotion }).dueCents,
    discountPercent: typeof raw.discountPercent === 'number' ? raw.discountPercent : promotion.discount.percentOff,
    periodNote: typeof raw.periodNote === 'string' ? raw.periodNote : promotion.periodNote,
  };
}

/** Reads GET /api/pricing/plans leniently: plans keyed by plan name (lower-cased here), plus the offers. */
export function normalizeLivePricing(raw: unknown): LivePricing {
  if (!isRecord(raw)) return emptyPricing;
  const source = isRecord(raw.plans) ? raw.plans : raw;
  const plans: Record<string, PricingPlanEntry[]> = {};
  for (const [name, entries] of Object.entries(source)) {
    if (!Array.isArray(entries)) continue;
    plans[name.toLowerCase()] = entries.flatMap((entry) => readEntry(entry) ?? []);
  }
  const offers = Array.isArray(raw.offers) ? raw.offers.flatMap((offer) => readOffer(offer) ?? []) : [];
  const promotions = Array.isArray(raw.promotions)
    ? raw.promotions.flatMap((promotion) => readPromotion(promotion) ?? [])
    : [];
  return { plans, offers, promotions };
}

/** GET /api/pricing/plans: the live price ids of every plan tier and offer. */
export async function getPricingPlans(signal?: AbortSignal): Promise<LivePricing> {
  return normalizeLivePricing(await apiRequest<unknown>('/api/pricing/plans', { signal, silentUnauthorized: true }));
}

export const CATALOGUE_LOAD_FAILED = 'Failed to load plan catalog';

/** GET /api/openrouter/plans (no cache): family -> tiers, normalised with the documented fallbacks (docs/product/billing-and-credits.md#plans). */
export async function getPlanCatalogue(signal?: AbortSignal): Promise<Record<string, CatalogueEntry[]>> {
  const response = await fetch('/api/openrouter/plans', {
    credentials: 'include',
    cache: 'no-store',
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Failed to fetch plan catalog: ${response.status}`);
  const parsed = PlanCatalogueReply.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(CATALOGUE_LOAD_FAILED);
  return Object.fromEntries(
    Object.entries(parsed.data.plans).map(([family, tiers]) => [
      family,
      tiers.map(normalizeCatalogueTier).filter((tier) => tier.isActive),
    ]),
  );
}
