import { promoSuccessMessage } from '@agentry/core/billing';
import { useMutation } from '@tanstack/react-query';
import { TicketPercent } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { redeemPromoCodeOrThrow } from '../api/usage';
import { useUsage } from '../hooks/use-usage';
import type { StatusBannerData } from './status-banner';

export const PROMO_CODE_REQUIRED = 'Promo code is required';
export const PROMO_CODE_FAILED = 'Unable to redeem promo code.';

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, docs/product/billing-and-credits.md#credits, promo code entry: trimmed, required, then 'Promo code applied' or 'Promo code failed'. */
export function PromoCodeForm({ onOutcome }: { onOutcome: (banner: StatusBannerData) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { replaceBalance, refresh } = useUsage();

  const redeem = useMutation({
    mutationFn: redeemPromoCodeOrThrow,
    meta: { silentError: true },
    onSuccess: ({ balance, amount }) => {
      // The answer's balance replaces the meter's at once; then usage is reloaded.
      if (balance) replaceBalance(balance);
      void refresh({ force: true });
      setCode('');
      onOutcome({ type: 'success', title: 'Promo code applied', description: promoSuccessMessage(amount) });
    },
    onError: () => onOutcome({ type: 'error', title: 'Promo code failed', description: PROMO_CODE_FAILED }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setFieldError(PROMO_CODE_REQUIRED);
      return;
    }
    setFieldError(undefined);
    redeem.mutate(trimmed);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2">
      <Label htmlFor={inputId}>Promo code</Label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <TicketPercent
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={inputId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="Enter a code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="pl-9"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={redeem.isPending} aria-busy={redeem.isPending}>
          {redeem.isPending ? <Spinner /> : null}
          Apply
        </Button>
      </div>
      <FieldError id={errorId}>{fieldError}</FieldError>
    </form>
  );
}
