import { Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export const LOCKED_SUBACCOUNT_TITLE = 'Locked after a plan change: read-only until you upgrade';

/** The lock every switcher and list shows on a sub account locked after a downgrade. */
export function SubaccountLockBadge({ className, isCompact = false }: { className?: string; isCompact?: boolean }) {
  if (isCompact) {
    return (
      <Lock
        role="img"
        aria-label="Locked"
        className={cn('size-3.5 shrink-0 text-amber-600 dark:text-amber-300', className)}
      >
        <title>{LOCKED_SUBACCOUNT_TITLE}</title>
      </Lock>
    );
  }
  return (
    <Badge variant="warning" title={LOCKED_SUBACCOUNT_TITLE} className={className}>
      <Lock aria-hidden />
      Locked
    </Badge>
  );
}
