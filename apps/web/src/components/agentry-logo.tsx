import { cn } from '@/lib/cn';

/**
 * The product's one mark (the same drawing as the favicon): the marketing header and footer,
 * the help pages, the workspace sidebar and the marketplace header all draw this, never an icon
 * of their own.
 */
export function AgentryMark({ className }: { className?: string }) {
  return (
    <svg
      data-agentry-mark=""
      viewBox="0 0 32 32"
      className={cn('size-8 shrink-0', className)}
      aria-hidden
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#276d64" />
      <path d="M9 22l7-13 7 13h-4l-3-6-3 6z" fill="#fff" />
    </svg>
  );
}

/** The mark with the word mark. */
export function AgentryLogo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <AgentryMark />
      {showWordmark ? <span className="text-lg font-semibold tracking-tight">Agentry</span> : null}
    </span>
  );
}
