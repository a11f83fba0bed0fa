import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The content area of an evaluation screen; the layout's header carries the <h1> ('Bulk Tester'). */
export function EvaluationPage({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:py-10', className)}>{children}</div>;
}
