import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Choice<T extends string> = { value: T; label: string; description?: string; icon?: ReactNode };

type ChoiceGroupProps<T extends string> = {
  name: string;
  legend: string;
  options: readonly Choice<T>[];
  value: string;
  onChange: (value: T) => void;
  /** The id of the error message under the group, when there is one. */
  errorId?: string;
  hasError?: boolean;
  className?: string;
  isLegendHidden?: boolean;
};

/** A set of radio cards: native radios, so arrow keys, focus and names work as users expect. */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  errorId,
  hasError = false,
  className,
  isLegendHidden = false,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset
      aria-describedby={hasError ? errorId : undefined}
      aria-invalid={hasError || undefined}
      className="grid gap-3"
    >
      <legend className={cn('mb-1 text-sm font-medium', isLegendHidden && 'sr-only')}>{legend}</legend>
      <div className={cn('grid gap-2', className)}>
        {options.map((option) => {
          const isChecked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border bg-background p-3 text-sm transition-colors duration-150 hover:bg-muted',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                isChecked ? 'border-primary bg-secondary/60 text-foreground ring-1 ring-primary' : 'border-border',
                hasError && !isChecked && 'border-destructive/60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={isChecked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              {option.icon ? <span className="mt-0.5 shrink-0 text-primary">{option.icon}</span> : null}
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                {option.description ? (
                  <span className="text-xs text-muted-foreground">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
