import { useUsage } from '@/features/billing/hooks/use-usage';

/**
 * The account menu's credit meter: the server's usage (GET /api/openrouter/usage, kept fresh by
 * the billing usage poller) through the core meter formulas with their fallbacks.
 */
export function useAccountCreditMeter(isSignedIn: boolean) {
  const { meter, isLoading } = useUsage({ enabled: isSignedIn });
  return { meter, isLoading };
}
