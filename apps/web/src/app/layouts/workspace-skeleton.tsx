import { Skeleton } from '@/components/ui/skeleton';
import { useViewport } from './use-viewport';

/** The layout's shape while the session loads: rail, header and a content block. */
export function WorkspaceSkeleton() {
  const { screen } = useViewport();
  const isMobile = screen === 'mobile';
  return (
    <div role="status" aria-live="polite" className="min-h-dvh bg-background">
      <span className="sr-only">Loading your workspace…</span>
      {isMobile ? null : (
        <div
          aria-hidden
          className="fixed inset-y-0 left-0 flex w-[70px] flex-col items-center gap-3 border-r border-border bg-card py-3.5"
        >
          <Skeleton className="size-9" />
          <Skeleton className="mb-4 size-9" />
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} className="size-7" />
          ))}
          <Skeleton className="mt-auto size-9 rounded-full" />
        </div>
      )}
      <div className={isMobile ? undefined : 'pl-[70px]'}>
        <div aria-hidden className="flex h-16 items-center gap-3 border-b border-border px-4 sm:px-6">
          {isMobile ? <Skeleton className="size-8" /> : null}
          <Skeleton className="h-6 w-40" />
        </div>
        <div aria-hidden className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
          <Skeleton className="mx-auto h-64 max-w-md rounded-[var(--radius-card)]" />
        </div>
      </div>
    </div>
  );
}
