import type { Subaccount } from '@agentry/core/auth';
import { SUBACCOUNT_LOCKED_MESSAGE } from '@agentry/core/subaccounts';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openUpgradeDialog } from '@/lib/upgrade-events';

export const LOCKED_SUBACCOUNT_REASON = SUBACCOUNT_LOCKED_MESSAGE;

/**
 * Says why a sub account is read-only: it was locked after a downgrade. The owner gets
 * 'Manage plan' (the upgrade dialog; an upgrade lifts the lock); anyone else is told who can.
 */
export function LockedSubaccountBanner({ subaccount }: { subaccount: Pick<Subaccount, 'name' | 'isOwner'> }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 border-b border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm sm:px-6"
    >
      <Lock className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{subaccount.name} is locked and read-only.</span>{' '}
        <span className="text-muted-foreground">
          After a plan change it is over the plan&apos;s sub-account limit; nothing was deleted.{' '}
          {subaccount.isOwner ? 'Upgrade to edit it again.' : 'Ask the account owner to upgrade to edit it again.'}
        </span>
      </p>
      {subaccount.isOwner ? (
        <Button size="sm" variant="outline" onClick={() => openUpgradeDialog({ reason: LOCKED_SUBACCOUNT_REASON })}>
          Manage plan
        </Button>
      ) : null}
    </div>
  );
}
