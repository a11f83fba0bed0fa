import type { Subaccount } from '@agentry/core/auth';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SubaccountLockBadge } from '@/components/subaccount-lock-badge';
import { cn } from '@/lib/cn';
import { connectPath } from '../../lib/connect-nav';
import { AccountAvatar } from './account-avatar';
import { AddAccountDialog } from './add-account-dialog';

type AccountSwitcherProps = {
  current: Subaccount;
  accounts: readonly Subaccount[];
  /** The page below /{connectId}/ to keep when switching (e.g. 'website-widget'). */
  pageSegment: string;
  onNavigate?: () => void;
};

/**
 * docs/product/accounts-and-team.md#account-area-connectid, account switcher: company name and logo, the user's real sub accounts (list at most
 * 320 px high, names truncated at 180 px) and '+ Add New Account'.
 */
export function AccountSwitcher({ current, accounts, pageSegment, onNavigate }: AccountSwitcherProps) {
  const navigate = useNavigate();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Account: ${current.name}. Switch account`}
          className="flex h-14 w-full cursor-pointer items-center gap-3 rounded-[var(--radius-card)] border border-border bg-background/40 px-3 text-left outline-none transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted"
        >
          <AccountAvatar name={current.name} logoUrl={current.logoUrl} className="size-9" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="max-w-[180px] truncate text-sm font-semibold">{current.name}</span>
            <span className="flex items-center gap-1.5 text-xs capitalize text-muted-foreground">
              {current.role}
              {current.isLocked ? <SubaccountLockBadge isCompact /> : null}
            </span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64 p-1">
          <DropdownMenuLabel>Accounts</DropdownMenuLabel>
          <div role="group" aria-label="Accounts" className="max-h-[320px] overflow-y-auto">
            {accounts.map((account) => {
              const isCurrent = account.id === current.id;
              return (
                <DropdownMenuItem
                  key={account.id}
                  aria-current={isCurrent ? 'true' : undefined}
                  onSelect={() => {
                    onNavigate?.();
                    if (!isCurrent) void navigate(connectPath(account.id, pageSegment));
                  }}
                  className="gap-2"
                >
                  <AccountAvatar name={account.name} logoUrl={account.logoUrl} className="size-7 text-xs" />
                  <span className="max-w-[180px] flex-1 truncate" title={account.name}>
                    {account.name}
                  </span>
                  {account.isLocked ? <SubaccountLockBadge isCompact /> : null}
                  <Check className={cn('size-4 shrink-0', !isCurrent && 'invisible')} aria-hidden />
                </DropdownMenuItem>
              );
            })}
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsAdding(true)} className="font-medium text-primary">
            + Add New Account
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AddAccountDialog open={isAdding} onOpenChange={setIsAdding} />
    </>
  );
}
