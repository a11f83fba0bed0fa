import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type WizardNavProps = {
  onBack?: () => void;
  onNext: () => void;
  backLabel?: string;
  nextLabel?: string;
  isLoading?: boolean;
  isNextDisabled?: boolean;
  /** Other actions, drawn before Next (the Save and Deploy pair). */
  children?: ReactNode;
};

/** The wizard navigation bar (docs/product/widget.md#the-designer-connectidwebsite-widget): Back and Next (default label), with a 'Loading...' state. */
export function WizardNav({
  onBack,
  onNext,
  backLabel = 'Back',
  nextLabel = 'Next',
  isLoading = false,
  isNextDisabled = false,
  children,
}: WizardNavProps) {
  return (
    <nav
      aria-label="Wizard"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border bg-card/95 px-4 py-3 backdrop-blur sm:px-6"
    >
      {onBack ? (
        <Button variant="ghost" onClick={onBack} disabled={isLoading}>
          <ArrowLeft aria-hidden />
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {children}
        <Button onClick={onNext} disabled={isLoading || isNextDisabled}>
          {isLoading ? <Spinner /> : null}
          {isLoading ? 'Loading...' : nextLabel}
          {isLoading ? null : <ArrowRight aria-hidden />}
        </Button>
      </div>
    </nav>
  );
}
