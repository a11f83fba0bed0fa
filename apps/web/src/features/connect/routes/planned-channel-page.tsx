import { ArrowRight, Check, Hourglass, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { plannedChannelPages, type PlannedChannel } from '../lib/channel-pages';
import { connectPath } from '../lib/connect-nav';
import { useConnectAccount } from '../hooks/use-connect-account';

/**
 * A connect page whose channel is not built yet: it says what the page will do and points to
 * what works today (the website widget, and the workspace for agents).
 */
export function PlannedChannelPage({ channel }: { channel: PlannedChannel }) {
  const { subaccountId } = useConnectAccount();
  const page = plannedChannelPages[channel];
  const isAgents = channel === 'add-agent';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8 lg:py-12">
      <header className="mb-8">
        <p className="mb-2 inline-flex items-center gap-1.5 rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          <Hourglass className="size-3" aria-hidden />
          {isAgents ? 'In the workspace' : 'Not available yet'}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{page.title}</h1>
        <p className="mt-2 max-w-xl text-sm text-muted-foreground">{page.summary}</p>
      </header>

      <section
        aria-labelledby="planned-heading"
        className="rounded-[var(--radius-card)] border border-dashed border-border bg-card/60 p-6"
      >
        <h2 id="planned-heading" className="text-sm font-semibold">
          {isAgents ? 'How it works' : 'What this page will do'}
        </h2>
        <ul className="mt-4 grid gap-3">
          {page.plans.map((plan) => (
            <li key={plan} className="flex items-start gap-3 text-sm">
              <span
                aria-hidden
                className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
              >
                <Check className="size-3" />
              </span>
              {plan}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-2">
          {isAgents ? (
            <Button asChild>
              <Link to="/agents/create">
                Create an agent
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant={isAgents ? 'outline' : 'default'}>
            <Link to={connectPath(subaccountId, 'website-widget')}>
              <MessagesSquare aria-hidden />
              Set up the website widget
            </Link>
          </Button>
          {!isAgents ? (
            <Button asChild variant="outline">
              <Link to={`/subaccounts/${encodeURIComponent(subaccountId)}/agents`}>See this account's agents</Link>
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
