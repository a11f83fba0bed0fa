import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

type ErrorStateProps = {
  /** The documented message for this failure. */
  message: string;
  title?: string;
  /** Called by the Retry button; without it no button is shown. */
  onRetry?: () => void;
  isRetrying?: boolean;
  /** Extra content under the message (support reference, secondary action). */
  children?: ReactNode;
  className?: string;
};

export function ErrorState({
  message,
  title = 'Something went wrong',
  onRetry,
  isRetrying = false,
  children,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/30 bg-destructive/5 px-6 py-10 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
      {children}
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={isRetrying} className="mt-1">
          <RotateCw className={cn(isRetrying && 'animate-spin')} aria-hidden />
          Retry
        </Button>
      ) : null}
    </div>
  );
}
