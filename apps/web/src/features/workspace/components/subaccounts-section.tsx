import { Link } from 'react-router';
import type { Subaccount } from '@agentry/core/auth';
import { Pencil, Plus, Settings } from 'lucide-react';
import { useState } from 'react';
import { SubaccountLockBadge } from '@/components/subaccount-lock-badge';
import { SubaccountNameDialog } from '@/components/subaccount-name-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SubaccountAvatar } from './subaccount-avatar';

const roleBadge: Record<Subaccount['role'], 'admin' | 'default' | 'viewer'> = {
  admin: 'admin',
  member: 'default',
  viewer: 'viewer',
};

/** Settings: the sub accounts the user belongs to, with their role and lock; create, rename, open their settings. */
export function SubaccountsSection({
  subaccounts,
  activeSubaccountId,
}: {
  subaccounts: Subaccount[];
  activeSubaccountId: string | null;
}) {
  const [dialog, setDialog] = useState<{ renaming?: Subaccount } | null>(null);
  return (
    <section
      aria-labelledby="subaccounts-heading"
      className="rounded-[var(--radius-card)] border border-border bg-card p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subaccounts-heading" className="text-base font-semibold">
          Sub accounts
        </h2>
        <Button size="sm" variant="outline" onClick={() => setDialog({})}>
          <Plus aria-hidden />
          New sub account
        </Button>
      </div>
      {subaccounts.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">You are not a member of any sub account yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {subaccounts.map((subaccount) => (
            <li key={subaccount.id} className="flex flex-wrap items-center gap-3 py-3">
              <SubaccountAvatar subaccount={subaccount} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/subaccounts/${encodeURIComponent(subaccount.id)}/agents`}
                  className="block truncate text-sm font-medium hover:underline"
                >
                  {subaccount.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {subaccount.agentCount === 1 ? '1 agent' : `${subaccount.agentCount} agents`}
                  {subaccount.id === activeSubaccountId ? ' · Active' : ''}
                </p>
              </div>
              {subaccount.isLocked ? <SubaccountLockBadge /> : null}
              <Badge variant={roleBadge[subaccount.role]} className="capitalize">
                {subaccount.role}
              </Badge>
              {subaccount.role === 'admin' ? (
                <span className="flex gap-1">
                  {subaccount.isLocked ? null : (
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Rename ${subaccount.name}`}
                      onClick={() => setDialog({ renaming: subaccount })}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  )}
                  <Button asChild size="icon-sm" variant="ghost">
                    <Link
                      to={`/${encodeURIComponent(subaccount.id)}/ai-settings`}
                      aria-label={`${subaccount.name} settings`}
                    >
                      <Settings aria-hidden />
                    </Link>
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {dialog ? (
        <SubaccountNameDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
          renaming={dialog.renaming}
        />
      ) : null}
    </section>
  );
}
