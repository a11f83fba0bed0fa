import { Check, ChevronsUpDown, LayoutDashboard, LogOut, Moon, Pencil, Plus, Settings, Sun } from 'lucide-react';
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
import { SubaccountNameDialog } from '@/components/subaccount-name-dialog';
import { cn } from '@/lib/cn';
import { useSession, useSignOut } from '@/lib/session';
import { subaccountIdFromPath, useSubaccountThemeToggle } from '@/lib/theme';
import { CreditMeterSummary } from '@/features/billing/components/credit-meter-summary';
import { useAccountCreditMeter } from './credit-meter';
import { revealClass, type SidebarMode } from './sidebar-mode';
import { useSelectSubaccount } from './use-select-subaccount';

type AccountMenuProps = { mode: SidebarMode; pathname: string; onOpenChange?: (isOpen: boolean) => void };

/** docs/product/accounts-and-team.md#workspace-shell, 'Credit usage and account menu', at the bottom of the sidebar; hidden when signed out. */
export function AccountMenu({ mode, pathname, onOpenChange }: AccountMenuProps) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { meter } = useAccountCreditMeter(Boolean(session));
  // The toggle exists only on paths containing /subaccounts/ (a sub account in context).
  const themeToggle = useSubaccountThemeToggle(
    pathname.includes('/subaccounts/') ? subaccountIdFromPath(pathname) : null,
  );

  const select = useSelectSubaccount(pathname);
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);

  if (!session) return null;
  const { user } = session;
  const active =
    session.subaccounts.find((subaccount) => subaccount.id === session.activeSubaccountId) ?? session.subaccounts[0];
  const displayName = user.name.trim() || user.email;

  return (
    <>
      <DropdownMenu onOpenChange={onOpenChange}>
        <DropdownMenuTrigger
          className="flex h-12 w-full cursor-pointer items-center gap-3 rounded-[var(--radius-control)] px-[5px] text-left outline-none transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted"
          aria-label="My Account"
        >
          <UserAvatar name={displayName} image={user.image} />
          <span className={cn('flex min-w-0 flex-1 flex-col', revealClass(mode))}>
            <span className="truncate text-sm font-medium">{displayName}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
          <ChevronsUpDown className={cn('size-4 shrink-0 text-muted-foreground', revealClass(mode))} aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent side={mode === 'rail' ? 'right' : 'top'} align="end" className="w-72">
          <DropdownMenuLabel className="text-sm text-foreground">My Account</DropdownMenuLabel>
          <CreditMeterSummary meter={meter} className="px-2 pb-2" />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void navigate('/build')}>
            <LayoutDashboard aria-hidden />
            Dashboard
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/settings')}>
            <Settings aria-hidden />
            Settings
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-xs text-muted-foreground">Sub accounts</DropdownMenuLabel>
          <div role="group" aria-label="Sub accounts" className="max-h-48 overflow-y-auto">
            {session.subaccounts.map((subaccount) => {
              const isActive = subaccount.id === active?.id;
              return (
                <DropdownMenuItem
                  key={subaccount.id}
                  aria-current={isActive ? 'true' : undefined}
                  disabled={select.isPending}
                  onSelect={() => {
                    if (!isActive) select.mutate(subaccount.id);
                  }}
                >
                  <Check className={cn('size-4', !isActive && 'invisible')} aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{subaccount.name}</span>
                  {subaccount.isLocked ? <SubaccountLockBadge isCompact /> : null}
                </DropdownMenuItem>
              );
            })}
          </div>
          {active && active.role === 'admin' && !active.isLocked ? (
            <DropdownMenuItem onSelect={() => setDialog('rename')}>
              <Pencil aria-hidden />
              Rename sub account
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setDialog('create')}>
            <Plus aria-hidden />
            New sub account
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {themeToggle.canToggle ? (
            <DropdownMenuItem onSelect={themeToggle.toggle} disabled={themeToggle.isSaving}>
              {themeToggle.theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
              {themeToggle.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'create' ? (
        <SubaccountNameDialog
          open
          onOpenChange={(open) => setDialog(open ? 'create' : null)}
          onCreated={(created) => select.mutate(created.id)}
        />
      ) : null}
      {dialog === 'rename' && active ? (
        <SubaccountNameDialog open onOpenChange={(open) => setDialog(open ? 'rename' : null)} renaming={active} />
      ) : null}
    </>
  );
}

function UserAvatar({ name, image }: { name: string; image: string | null }) {
  if (image) return <img src={image} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
