import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block in the shape of the content that is loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-[var(--radius-control)] bg-muted', className)} {...props} />
  );
}
