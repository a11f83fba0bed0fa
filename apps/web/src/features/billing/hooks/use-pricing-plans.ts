import { PLAN_CATALOGUE_CACHE_MS } from '@agentry/core/billing';
import { useQuery } from '@tanstack/react-query';
import { getPlanCatalogue, getPricingPlans } from '../api/pricing';
import { billingQueryKeys } from '../api/billing-query-keys';

/** GET /api/pricing/plans: live price ids per plan tier and offer (cached 60 s). */
export function usePricingPlans() {
  return useQuery({
    queryKey: billingQueryKeys.pricingPlans,
    queryFn: ({ signal }) => getPricingPlans(signal),
    staleTime: PLAN_CATALOGUE_CACHE_MS,
  });
}

/** GET /api/openrouter/plans: the plan catalogue, cached client-side for 60 s and refreshable. */
export function usePlanCatalogue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingQueryKeys.planCatalogue,
    queryFn: ({ signal }) => getPlanCatalogue(signal),
    staleTime: PLAN_CATALOGUE_CACHE_MS,
    enabled,
  });
}
