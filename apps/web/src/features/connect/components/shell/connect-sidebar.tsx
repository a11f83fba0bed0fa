import type { Subaccount } from '@agentry/core/auth';
import {
  ArrowLeft,
  Camera,
  LayoutDashboard,
  MessageCircle,
  MessageSquareText,
  PanelsTopLeft,
  Plus,
  Settings,
  Users,
  MessagesSquare,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { activeConnectSegment, connectPath, visibleConnectNavItems } from '../../lib/connect-nav';
import { AccountSwitcher } from './account-switcher';

const icons: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  'sms/campaigns': MessageSquareText,
  'whatsapp/campaigns': MessageCircle,
  link3: Camera,
  'website-widget': MessagesSquare,
  'website-block': PanelsTopLeft,
  'add-agent': Plus,
  team: Users,
  'ai-settings': Settings,
};

type ConnectSidebarProps = {
  subaccount: Subaccount;
  accounts: readonly Subaccount[];
  pathname: string;
  isLoading: boolean;
  onNavigate?: () => void;
};

/** docs/product/accounts-and-team.md#account-area-connectid, Account sidebar: account switcher, the channel links, Add agent, Team, Settings. */
export function ConnectSidebar({ subaccount, accounts, pathname, isLoading, onNavigate }: ConnectSidebarProps) {
  const active = activeConnectSegment(pathname);
  const items = visibleConnectNavItems({ isLoading, role: subaccount.role });
  const pageSegment = pathname.split('/').filter(Boolean).slice(1).join('/') || 'dashboard';

  return (
    <div className="flex h-full min-h-0 flex-col gap-4 p-4">
      <AccountSwitcher current={subaccount} accounts={accounts} pageSegment={pageSegment} onNavigate={onNavigate} />
      <nav aria-label="Account navigation" className="min-h-0 flex-1 overflow-y-auto">
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const Icon = icons[item.segment] ?? LayoutDashboard;
            const isActive = item.segment === active;
            if (item.isButton) {
              return (
                <li key={item.segment} className="py-2">
                  <Link
                    to={connectPath(subaccount.id, item.segment)}
                    onClick={onNavigate}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(
                      'flex h-10 items-center justify-center gap-2 rounded-[var(--radius-control)] border border-dashed border-primary/60 text-sm font-medium text-primary transition-colors duration-150 hover:bg-primary/10',
                      isActive && 'border-solid bg-primary/10',
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                    {item.label}
                  </Link>
                </li>
              );
            }
            return (
              <li key={item.segment}>
                <Link
                  to={connectPath(subaccount.id, item.segment)}
                  onClick={onNavigate}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'relative flex h-10 items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm transition-colors duration-150',
                    isActive
                      ? 'bg-secondary font-medium text-secondary-foreground'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  {isActive ? (
                    <span aria-hidden className="absolute inset-y-2 left-0 w-0.5 rounded-full bg-primary" />
                  ) : null}
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Link
        to="/connect"
        onClick={onNavigate}
        className="flex h-10 shrink-0 items-center gap-2 rounded-[var(--radius-control)] px-3 text-sm text-muted-foreground transition-colors duration-150 hover:bg-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to workspace
      </Link>
    </div>
  );
}
