import { marketplaceWizardSteps } from '@agentry/core/marketplace';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The progress bar and the ten step labels (docs/product/marketplace.md#the-create-project-wizard). */
export function WizardProgress({ stepIndex }: { stepIndex: number }) {
  const total = marketplaceWizardSteps.length;
  const percent = Math.round(((stepIndex + 1) / total) * 100);
  const current = marketplaceWizardSteps[stepIndex];
  return (
    <div className="grid gap-3">
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={stepIndex + 1}
        aria-valuetext={`Step ${stepIndex + 1} of ${total}: ${current?.label ?? ''}`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="grid grid-cols-10 gap-1" aria-label="Steps">
        {marketplaceWizardSteps.map((step, index) => {
          const isDone = index < stepIndex;
          const isCurrent = index === stepIndex;
          return (
            <li
              key={step.id}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex min-w-0 flex-col items-center gap-1"
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-[11px] font-semibold tabular-nums transition-colors duration-150',
                  isDone && 'border-primary bg-primary text-primary-foreground',
                  isCurrent && 'border-primary bg-secondary text-secondary-foreground',
                  !isDone && !isCurrent && 'border-border text-muted-foreground',
                )}
              >
                {isDone ? <Check className="size-3" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  'max-w-full truncate text-[11px] leading-none',
                  isCurrent ? 'font-semibold text-foreground' : 'text-muted-foreground',
                  'max-sm:sr-only',
                )}
              >
                {step.label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
