/** Query keys of the billing feature; the usage key is shared with the account menu's meter. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  pricingPlans: ['billing', 'pricing-plans'] as const,
  planCatalogue: ['billing', 'plan-catalogue'] as const,
  subscriptionDetails: ['billing', 'subscription-details'] as const,
  price: (priceId: string) => ['billing', 'price', priceId] as const,
  preview: (priceId: string) => ['billing', 'preview-upgrade', priceId] as const,
  subaccountLock: ['billing', 'subaccount-lock'] as const,
};
