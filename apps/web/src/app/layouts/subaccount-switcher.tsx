import type { Subaccount } from '@agentry/core/auth';
import { ChevronsUpDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { SubaccountLockBadge } from '@/components/subaccount-lock-badge';
import { SubaccountNameDialog } from '@/components/subaccount-name-dialog';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SubaccountAvatar } from '@/features/workspace/components/subaccount-avatar';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { revealClass, type SidebarMode } from './sidebar-mode';
import { useSelectSubaccount } from './use-select-subaccount';

const roleBadge: Record<Subaccount['role'], 'admin' | 'default' | 'viewer'> = {
  admin: 'admin',
  member: 'default',
  viewer: 'viewer',
};

type SubaccountSwitcherProps = { mode: SidebarMode; pathname: string; onOpenChange?: (isOpen: boolean) => void };

/** Picks the active sub account (client) from the user's real memberships. */
export function SubaccountSwitcher({ mode, pathname, onOpenChange }: SubaccountSwitcherProps) {
  const { data: session } = useSession();

  const select = useSelectSubaccount(pathname);
  const [isCreating, setIsCreating] = useState(false);

  if (!session) return null;
  const subaccounts = session.subaccounts;
  const active = subaccounts.find((subaccount) => subaccount.id === session.activeSubaccountId) ?? null;

  return (
    <>
      <DropdownMenu onOpenChange={onOpenChange}>
        <DropdownMenuTrigger
          className="flex h-12 w-full cursor-pointer items-center gap-3 rounded-[var(--radius-control)] px-[5px] text-left outline-none transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted"
          aria-label={active ? `Sub account: ${active.name}. Switch sub account` : 'Choose a sub account'}
        >
          {active ? (
            <SubaccountAvatar subaccount={active} />
          ) : (
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] border border-dashed border-border text-muted-foreground"
            >
              ?
            </span>
          )}
          <span className={cn('flex min-w-0 flex-1 flex-col', revealClass(mode))}>
            <span className="flex items-center gap-1.5">
              <span className="truncate text-sm font-medium">{active?.name ?? 'No sub account'}</span>
              {active?.isLocked ? <SubaccountLockBadge isCompact /> : null}
            </span>
            <span className="truncate text-xs capitalize text-muted-foreground">
              {active ? active.role : 'Pick one to work in'}
            </span>
          </span>
          <ChevronsUpDown className={cn('size-4 shrink-0 text-muted-foreground', revealClass(mode))} aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={mode === 'rail' ? 'right' : 'bottom'}
          align="start"
          className="w-72 max-h-80 overflow-y-auto"
        >
          <DropdownMenuLabel>Sub accounts</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {subaccounts.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">You are not a member of any sub account yet.</p>
          ) : (
            subaccounts.map((subaccount) => (
              <DropdownMenuCheckboxItem
                key={subaccount.id}
                checked={subaccount.id === session.activeSubaccountId}
                disabled={select.isPending}
                onCheckedChange={() => {
                  if (subaccount.id !== session.activeSubaccountId) select.mutate(subaccount.id);
                }}
              >
                <SubaccountAvatar subaccount={subaccount} className="size-7 text-xs" />
                <span className="min-w-0 flex-1 truncate">{subaccount.name}</span>
                {subaccount.isLocked ? <SubaccountLockBadge isCompact /> : null}
                <Badge variant={roleBadge[subaccount.role]} className="capitalize">
                  {subaccount.role}
                </Badge>
              </DropdownMenuCheckboxItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsCreating(true)} className="font-medium text-primary">
            <Plus aria-hidden />
            New sub account
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SubaccountNameDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(created) => select.mutate(created.id)}
      />
    </>
  );
}
