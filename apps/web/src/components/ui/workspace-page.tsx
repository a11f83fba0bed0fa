import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The content area of a workspace screen; the layout's header already carries the <h1>. */
export function WorkspacePage({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12', className)}>{children}</div>;
}
