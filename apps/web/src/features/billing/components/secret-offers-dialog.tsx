import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PricingPlans } from './pricing-section';

type SecretOffersDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The secretModal pricing variant: the three fixed offers (Get Started, Book Coaching, Claim Lifetime) and the legacy plans. */
export function SecretOffersDialog({ open, onOpenChange }: SecretOffersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="dark max-w-6xl border-white/10 bg-ink p-5 text-white [color-scheme:dark] sm:p-8">
        <DialogHeader className="text-center sm:items-center">
          <DialogTitle className="text-2xl">Exclusive offers</DialogTitle>
          <DialogDescription className="text-white/65">
            Offers we only share with you. Prices in USD, monthly.
          </DialogDescription>
        </DialogHeader>
        <PricingPlans variant="secretModal" className="mt-2" />
      </DialogContent>
    </Dialog>
  );
}
