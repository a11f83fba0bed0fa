import { cn } from '@/lib/cn';

export type CounterLevel = 'normal' | 'warning' | 'over';

/** Normal, the warning colour above `warningAt`, the error colour above `max`. */
export function counterLevel(length: number, warningAt: number, max: number): CounterLevel {
  if (length > max) return 'over';
  if (length > warningAt) return 'warning';
  return 'normal';
}

type CharacterCounterProps = { id: string; length: number; warningAt: number; max: number };

/** 'n/max' under a text field (docs/product/marketplace.md#the-create-project-wizard: title warns above 65, description above 900). */
export function CharacterCounter({ id, length, warningAt, max }: CharacterCounterProps) {
  const level = counterLevel(length, warningAt, max);
  return (
    <span
      id={id}
      data-level={level}
      aria-live="polite"
      className={cn(
        'ml-auto shrink-0 text-xs tabular-nums',
        level === 'normal' && 'text-muted-foreground',
        level === 'warning' && 'font-medium text-warning',
        level === 'over' && 'font-semibold text-destructive',
      )}
    >
      <span className="sr-only">Characters used: </span>
      {length}/{max}
    </span>
  );
}
