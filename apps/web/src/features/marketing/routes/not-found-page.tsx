import { ArrowLeft, LayoutDashboard } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MarketingLayout } from '../components/marketing-layout';

/** `*`: any path no route matches. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <MarketingLayout>
      <title>Page not found — Agentry</title>
      <div className="relative mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <p
          aria-hidden
          className="bg-gradient-to-b from-white/25 to-white/0 bg-clip-text text-[7rem] font-semibold leading-none tracking-tighter text-transparent sm:text-[9rem]"
        >
          404
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Page not found</h1>
        <p className="mt-4 max-w-md text-base leading-relaxed text-white/65">
          We couldn&apos;t find{' '}
          <code className="break-all rounded bg-white/10 px-1.5 py-0.5 text-sm text-white/85">{pathname}</code>. The
          link may be old, or the page may have moved.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 min-[420px]:w-auto min-[420px]:flex-row">
          <Link to="/" className={cn(buttonVariants({ size: 'lg' }), 'bg-accent text-ink hover:bg-accent/90')}>
            <ArrowLeft aria-hidden />
            Back to home
          </Link>
          <Link
            to="/agents"
            className={cn(
              buttonVariants({ size: 'lg', variant: 'outline' }),
              'border-white/15 text-white hover:bg-white/10',
            )}
          >
            <LayoutDashboard aria-hidden />
            Go to Workspace
          </Link>
        </div>
      </div>
    </MarketingLayout>
  );
}
