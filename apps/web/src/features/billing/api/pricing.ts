import type { PricingOffer, PricingPlanEntry } from '@agentry/core/billing';
import { normalizeCatalogueTier, PlanCatalogueReply, type CatalogueEntry } from '@agentry/core/plans';
import { apiRequest } from '@/lib/api';

export type LivePricing = {
  /** Keyed by lowercase plan name ('starter', 'growth', ...). */
  plans: Record<string, PricingPlanEntry[]>;
  offers: PricingOffer[];
};

const emptyPricing: LivePricing = { plans: {}, offers: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readEntry(raw: unknown): PricingPlanEntry | null {
  if (!isRecord(raw)) return null;
  const interval = raw.billingInterval;
  if (interval !== 'month' && interval !== 'year') return null;
  const price = typeof raw.price === 'number' ? raw.price : null;
  const priceCents = typeof raw.priceCents === 'number' ? raw.priceCents : price !== null ? Math.round(price * 100) : null;
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
  const priceCents = typeof raw.priceCents === 'number' ? raw.priceCents : typeof raw.price === 'number' ? Math.round(raw.price * 100) : 0;
  return {
    key: raw.key,
    name: raw.name,
    mode: raw.mode === 'payment' ? 'payment' : 'subscription',
    price: typeof raw.price === 'number' ? raw.price : priceCents / 100,
    priceCents,
    stripePriceId: typeof raw.stripePriceId === 'string' && raw.stripePriceId ? raw.stripePriceId : null,
    credits: typeof raw.credits === 'number' ? raw.credits : 0,
    bonusCredits: typeof raw.bonusCredits === 'number' ? raw.bonusCredits : 0,
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
  return { plans, offers };
}

/** GET /api/pricing/plans: the live price ids of every plan tier and offer. */
export async function getPricingPlans(signal?: AbortSignal): Promise<LivePricing> {
  return normalizeLivePricing(await apiRequest<unknown>('/api/pricing/plans', { signal, silentUnauthorized: true }));
}

export const CATALOGUE_LOAD_FAILED = 'Failed to load plan catalog';

/** GET /api/openrouter/plans (no cache): family -> tiers, normalised with the spec's fallbacks. */
export async function getPlanCatalogue(signal?: AbortSignal): Promise<Record<string, CatalogueEntry[]>> {
  const response = await fetch('/api/openrouter/plans', { credentials: 'include', cache: 'no-store', signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to fetch plan catalog: ${response.status}`);
  const parsed = PlanCatalogueReply.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(CATALOGUE_LOAD_FAILED);
  return Object.fromEntries(
    Object.entries(parsed.data.plans).map(([family, tiers]) => [family, tiers.map(normalizeCatalogueTier).filter((tier) => tier.isActive)]),
  );
}
