import { ArrowRight, Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { requestSignIn } from '@/lib/sign-in-events';
import { useIsSignedIn } from '../hooks/use-is-signed-in';
import { isPlainClick, useSectionLink } from '../hooks/use-section-link';
import { landingSections, scrollToSection } from '../lib/sections';
import { AgentryLogo } from '@/components/agentry-logo';

/** The marketing header (docs/product/accounts-and-team.md#workspace-shell): section links, Sign in / Go to Workspace, mobile menu. */
export function MarketingHeader() {
  const { isSignedIn, isChecking } = useIsSignedIn();
  const { onSectionClick } = useSectionLink();

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/80 backdrop-blur-md supports-[backdrop-filter]:bg-ink/65">
      <a
        href="#main"
        className="sr-only rounded-[var(--radius-control)] bg-white px-3 py-2 text-sm font-medium text-ink focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center rounded-[var(--radius-control)] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          aria-label="Agentry home"
        >
          <AgentryLogo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <Link
                  to={{ pathname: '/', hash: section.id }}
                  onClick={(event) => onSectionClick(event, section.id)}
                  className="rounded-[var(--radius-control)] px-3 py-2 text-sm font-medium text-white/70 transition-colors duration-150 hover:text-white focus-visible:outline-2 focus-visible:outline-accent"
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden md:block">
          <AccountAction isSignedIn={isSignedIn} isChecking={isChecking} />
        </div>

        <MobileMenu isSignedIn={isSignedIn} isChecking={isChecking} />
      </div>
    </header>
  );
}

type AccountActionProps = { isSignedIn: boolean; isChecking: boolean; className?: string; onAction?: () => void };

function AccountAction({ isSignedIn, isChecking, className, onAction }: AccountActionProps) {
  if (isChecking) return <Skeleton className={cn('h-10 w-28 bg-white/10', className)} />;
  if (isSignedIn) {
    return (
      <Link
        to="/agents"
        onClick={onAction}
        className={cn(buttonVariants(), 'bg-accent text-ink hover:bg-accent/90', className)}
      >
        Go to Workspace
        <ArrowRight aria-hidden />
      </Link>
    );
  }
  return (
    <Button
      className={cn('bg-white text-ink hover:bg-white/90', className)}
      onClick={() => {
        onAction?.();
        requestSignIn({ reason: 'user' });
      }}
    >
      Sign in
    </Button>
  );
}

function MobileMenu({ isSignedIn, isChecking }: { isSignedIn: boolean; isChecking: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  // A section picked in the menu is scrolled to after the drawer has closed and released the page.
  const pendingSection = useRef<string | null>(null);
  const { isOnLanding } = useSectionLink();

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="text-white hover:bg-white/10 md:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="right"
        className="dark border-white/10 bg-ink text-white"
        onCloseAutoFocus={(event) => {
          const section = pendingSection.current;
          pendingSection.current = null;
          if (section && scrollToSection(section)) event.preventDefault();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <AgentryLogo />
        <nav aria-label="Mobile" className="mt-2">
          <ul className="grid gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <Link
                  to={{ pathname: '/', hash: section.id }}
                  onClick={(event) => {
                    if (isOnLanding && isPlainClick(event) && document.getElementById(section.id)) {
                      event.preventDefault();
                      pendingSection.current = section.id;
                    }
                    setIsOpen(false);
                  }}
                  className="block rounded-[var(--radius-control)] px-3 py-3 text-base font-medium text-white/80 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-accent"
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto border-t border-white/10 pt-4">
          <AccountAction
            isSignedIn={isSignedIn}
            isChecking={isChecking}
            className="w-full"
            onAction={() => setIsOpen(false)}
          />
        </div>
      </SheetContent>
    </Sheet>
  );
}
