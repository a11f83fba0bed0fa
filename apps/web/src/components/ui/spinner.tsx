import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SpinnerProps = Omit<ComponentProps<'svg'>, 'ref'> & {
  /** Accessible name; omit when the spinner sits inside a control that already names the action. */
  label?: string;
};

/** An indeterminate progress indicator. Decorative unless it is given a label. */
export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin', className)}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      {...props}
    />
  );
}
