import { headerTitleFor } from '@agentry/core/workspace-nav';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type WorkspaceHeaderProps = {
  pathname: string;
  isCompact: boolean;
  /** Present on mobile: opens the drawer. */
  onOpenMenu?: () => void;
  isMenuOpen?: boolean;
};

/** The page title by the last path segment (docs/product/accounts-and-team.md#workspace-shell), and the mobile menu button. */
export function WorkspaceHeader({ pathname, isCompact, onOpenMenu, isMenuOpen = false }: WorkspaceHeaderProps) {
  // The agent workspace has its own full-screen chrome; the mobile menu button is hidden there.
  const showMenuButton = onOpenMenu !== undefined && !pathname.startsWith('/agents/workspace');
  return (
    <header
      className={cn(
        'sticky top-0 z-30 flex items-center gap-2 border-b border-border bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6',
        isCompact ? 'h-14' : 'h-16',
      )}
    >
      {showMenuButton ? (
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2"
          aria-label="Open menu"
          aria-expanded={isMenuOpen}
          onClick={onOpenMenu}
        >
          <Menu className="size-5" aria-hidden />
        </Button>
      ) : null}
      <h1 className={cn('truncate font-semibold tracking-tight', isCompact ? 'text-base' : 'text-lg')}>
        {headerTitleFor(pathname)}
      </h1>
    </header>
  );
}
