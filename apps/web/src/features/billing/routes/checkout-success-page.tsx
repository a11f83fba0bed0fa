import { formatMeterNumber } from '@agentry/core/billing';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheckBig } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { syncCheckout } from '../api/checkout';
import { useUsage } from '../hooks/use-usage';
import { clearCheckoutReturnUrl, DEFAULT_RETURN_PATH, toSameSitePath } from '../lib/checkout-urls';
import { familyName } from '../lib/plan-options';

/** `/success?email=&returnUrl=`: where checkout returns. Confirms the purchase and refreshes usage. */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const sessionId = searchParams.get('session_id');
  const returnPath = toSameSitePath(searchParams.get('returnUrl'), DEFAULT_RETURN_PATH);
  const queryClient = useQueryClient();
  const usage = useUsage();
  const { refresh } = usage;

  useEffect(() => {
    clearCheckoutReturnUrl();
    // The purchase changed the plan and the balance: nothing cached still holds. Applying the
    // session first means the credits show now, not when the payment event arrives.
    const applied = sessionId ? syncCheckout(sessionId).catch(() => null) : Promise.resolve(null);
    void applied.then(() => {
      void queryClient.invalidateQueries();
      void refresh({ force: true });
    });
  }, [queryClient, refresh, sessionId]);

  const planName = familyName(usage.balance?.planCode);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-500/10 text-green-600 dark:text-green-400">
        <CircleCheckBig className="size-8" aria-hidden />
      </span>
      <h2 className="text-2xl font-semibold tracking-tight">Thank you for your purchase</h2>
      <p className="text-sm text-muted-foreground">
        Your payment went through.
        {email ? (
          <>
            {' '}
            A receipt goes to <span className="font-medium text-foreground">{email}</span>.
          </>
        ) : null}
      </p>
      <div
        className="w-full rounded-[var(--radius-card)] border border-border bg-card p-5 text-left"
        aria-live="polite"
      >
        {usage.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-7 w-1/2" />
          </div>
        ) : planName ? (
          <>
            <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Your plan</p>
            <p className="mt-1 text-lg font-semibold">{planName}</p>
            <p className="text-sm text-muted-foreground" data-testid="success-credits">
              {formatMeterNumber(usage.meter.remaining ?? 0)} credits available
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Your plan and credits appear here as soon as the payment is confirmed.
          </p>
        )}
      </div>
      <Link to={returnPath} className={cn(buttonVariants({ size: 'lg' }), 'mt-2')}>
        Continue
      </Link>
    </div>
  );
}
