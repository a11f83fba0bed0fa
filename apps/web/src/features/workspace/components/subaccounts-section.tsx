import { Link } from 'react-router';
import type { Subaccount } from '@agentry/core/auth';
import { Badge } from '@/components/ui/badge';
import { SubaccountAvatar } from './subaccount-avatar';

const roleBadge: Record<Subaccount['role'], 'admin' | 'default' | 'viewer'> = {
  admin: 'admin',
  member: 'default',
  viewer: 'viewer',
};

/** Settings: the sub accounts the user belongs to, with their role. */
export function SubaccountsSection({
  subaccounts,
  activeSubaccountId,
}: {
  subaccounts: Subaccount[];
  activeSubaccountId: string | null;
}) {
  return (
    <section
      aria-labelledby="subaccounts-heading"
      className="rounded-[var(--radius-card)] border border-border bg-card p-6"
    >
      <h2 id="subaccounts-heading" className="text-base font-semibold">
        Sub accounts
      </h2>
      {subaccounts.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">You are not a member of any sub account yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {subaccounts.map((subaccount) => (
            <li key={subaccount.id} className="flex items-center gap-3 py-3">
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
              <Badge variant={roleBadge[subaccount.role]} className="capitalize">
                {subaccount.role}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
