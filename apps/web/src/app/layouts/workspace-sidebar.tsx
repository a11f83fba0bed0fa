import { activeNavPath, resourceNavItems, workspaceNavItems, type NavItem } from '@agentry/core/workspace-nav';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AgentryMark } from '@/components/agentry-logo';
import { cn } from '@/lib/cn';
import { AccountMenu } from './account-menu';
import { navIconFor } from './nav-icons';
import { collapsedOnlyClass, revealClass, type SidebarMode } from './sidebar-mode';
import { SubaccountSwitcher } from './subaccount-switcher';

const allNavItems = [...workspaceNavItems, ...resourceNavItems];

type SidebarContentProps = {
  mode: SidebarMode;
  pathname: string;
  isCompact: boolean;
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
  /** A menu of the sidebar opened or closed (the rail stays expanded while one is open). */
  onMenuOpenChange?: (isOpen: boolean) => void;
};

/** docs/product/accounts-and-team.md#workspace-shell, 'Sidebar workspace layout': brand, sub account switcher, the two groups, the account menu. */
export function SidebarContent({ mode, pathname, isCompact, onNavigate, onMenuOpenChange }: SidebarContentProps) {
  const activePath = activeNavPath(pathname, allNavItems);
  const resourcesId = useId();
  const [isResourcesOpen, setIsResourcesOpen] = useState(true);
  const showResources = mode === 'rail' || isResourcesOpen;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className={cn('flex shrink-0 items-center gap-3 px-[17px]', isCompact ? 'h-12' : 'h-16')}>
        <AgentryMark className="size-9" />
        <span className={cn('truncate text-base font-semibold tracking-tight', revealClass(mode))}>Agentry</span>
      </div>

      <div className="shrink-0 px-3 pb-2">
        <SubaccountSwitcher mode={mode} pathname={pathname} onOpenChange={onMenuOpenChange} />
      </div>

      <nav aria-label="Workspace navigation" className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden px-3 pb-3">
        <div role="group" aria-label="Workspace">
          <GroupLabel label="Workspace" mode={mode} />
          <NavList
            items={workspaceNavItems}
            activePath={activePath}
            mode={mode}
            isCompact={isCompact}
            onNavigate={onNavigate}
          />
        </div>

        <div role="group" aria-label="Resources" className="mt-4">
          {mode === 'drawer' ? (
            <button
              type="button"
              aria-expanded={showResources}
              aria-controls={resourcesId}
              onClick={() => setIsResourcesOpen((open) => !open)}
              className="flex h-8 w-full cursor-pointer items-center justify-between rounded-[var(--radius-control)] px-[13px] text-xs font-semibold uppercase tracking-wider text-muted-foreground hover:bg-muted"
            >
              Resources
              <ChevronDown
                className={cn('size-4 transition-transform duration-150', showResources && 'rotate-180')}
                aria-hidden
              />
            </button>
          ) : (
            <GroupLabel label="Resources" mode={mode} />
          )}
          <div id={resourcesId} hidden={!showResources}>
            <NavList
              items={resourceNavItems}
              activePath={activePath}
              mode={mode}
              isCompact={isCompact}
              onNavigate={onNavigate}
            />
          </div>
        </div>
      </nav>

      <div className="shrink-0 border-t border-border p-3">
        <AccountMenu mode={mode} pathname={pathname} onOpenChange={onMenuOpenChange} />
      </div>
    </div>
  );
}

function GroupLabel({ label, mode }: { label: string; mode: SidebarMode }) {
  return (
    <div aria-hidden className="relative flex h-8 items-center px-[13px]">
      <span aria-hidden className={cn('absolute left-[13px] top-1/2 h-px w-5 bg-border', collapsedOnlyClass(mode))} />
      <span className={cn('text-xs font-semibold uppercase tracking-wider text-muted-foreground', revealClass(mode))}>
        {label}
      </span>
    </div>
  );
}

type NavListProps = {
  items: readonly NavItem[];
  activePath: string | undefined;
  mode: SidebarMode;
  isCompact: boolean;
  onNavigate?: () => void;
};

function NavList({ items, activePath, mode, isCompact, onNavigate }: NavListProps) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.path}>
          <NavItemLink
            item={item}
            isActive={item.path === activePath}
            mode={mode}
            isCompact={isCompact}
            onNavigate={onNavigate}
          />
        </li>
      ))}
    </ul>
  );
}

type NavItemLinkProps = {
  item: NavItem;
  isActive: boolean;
  mode: SidebarMode;
  isCompact: boolean;
  onNavigate?: () => void;
};

function NavItemLink({ item, isActive, mode, isCompact, onNavigate }: NavItemLinkProps) {
  const descriptionId = useId();
  const Icon = navIconFor(item.path);
  // Compact mode (below 1024x768) drops descriptions on the rail; the drawer has room for them.
  const showDescription = item.description !== undefined && (mode === 'drawer' || !isCompact);
  return (
    <Link
      to={item.path}
      onClick={onNavigate}
      aria-current={isActive ? 'page' : undefined}
      // The label names the link; the short description is read as its description.
      aria-label={item.label}
      aria-describedby={showDescription ? descriptionId : undefined}
      className={cn(
        'relative flex items-center gap-3 rounded-[var(--radius-control)] px-[13px] text-sm transition-colors duration-150',
        showDescription ? 'h-12' : 'h-10',
        // On the collapsed rail the item is a square around its icon.
        mode === 'rail' &&
          'w-[46px] transition-[width,background-color] group-hover/sidebar:w-full group-has-[:focus-visible]/sidebar:w-full group-data-[expanded=true]/sidebar:w-full',
        isActive
          ? 'bg-secondary font-medium text-secondary-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {isActive ? <span aria-hidden className="absolute inset-y-2 left-0 w-0.5 rounded-full bg-primary" /> : null}
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className={cn('flex min-w-0 flex-col', revealClass(mode))}>
        <span className="truncate leading-5">{item.label}</span>
        {showDescription ? (
          <span id={descriptionId} className="truncate text-xs font-normal leading-4 text-muted-foreground">
            {item.description}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
