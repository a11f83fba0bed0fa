import { useQueries } from '@tanstack/react-query';
import type { Subaccount } from '@agentry/core/auth';
import type { WidgetConnection } from '@agentry/core/widget';
import { ArrowRight, Inbox, MessagesSquare, PanelsTopLeft, Rocket, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { widgetConnectionsQuery } from '../api/connect-api';
import { AccountAvatar } from '../components/shell/account-avatar';
import { connectPath } from '../lib/connect-nav';
import { widgetState } from '../lib/widget-state';

/** /connect ('Launch Agents'): every sub account's website widgets and blocks, with their state and a way in. */
export function LaunchPage() {
  const { data: session } = useSession();
  const subaccounts = session?.subaccounts ?? [];
  const results = useQueries({ queries: subaccounts.map((subaccount) => widgetConnectionsQuery(subaccount.id)) });
  const blockResults = useQueries({
    queries: subaccounts.map((subaccount) => widgetConnectionsQuery(subaccount.id, 'website-block')),
  });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="mb-8 max-w-2xl">
        <h2 className="text-lg font-semibold">Website chat widgets</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Each client account gets its own widget: design it, choose the agent that answers, then paste one line of code
          on the client's website. Instagram and Messenger agents are set up on each account's Instagram Agent page.
        </p>
      </div>
      {subaccounts.length === 0 ? (
        <EmptyState
          icon={Rocket}
          title="No accounts yet"
          description="Create an account for a client first; its website widget is set up from there."
          action={
            <Button asChild>
              <Link to="/settings">Go to settings</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4">
          {subaccounts.map((subaccount, index) => {
            const result = results[index];
            const blocks = blockResults[index];
            return (
              <li key={subaccount.id}>
                <AccountWidgets
                  subaccount={subaccount}
                  connections={
                    result?.data && blocks?.data ? [...result.data.connections, ...blocks.data.connections] : undefined
                  }
                  isLoading={(result?.isPending ?? true) || (blocks?.isPending ?? true)}
                  error={result?.error ?? blocks?.error ?? null}
                  onRetry={() => {
                    void result?.refetch();
                    void blocks?.refetch();
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

type AccountWidgetsProps = {
  subaccount: Subaccount;
  connections: WidgetConnection[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
};

function AccountWidgets({ subaccount, connections, isLoading, error, onRetry }: AccountWidgetsProps) {
  const designer = connectPath(subaccount.id, 'website-widget');
  return (
    <section aria-label={subaccount.name} className="rounded-[var(--radius-card)] border border-border bg-card">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-5 py-4">
        <AccountAvatar name={subaccount.name} logoUrl={subaccount.logoUrl} className="size-9" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold">{subaccount.name}</h3>
          <p className="text-xs capitalize text-muted-foreground">{subaccount.role}</p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={connectPath(subaccount.id, 'dashboard')}>
            <Inbox aria-hidden />
            Conversations
          </Link>
        </Button>
      </header>
      <div className="px-5 py-4">
        {isLoading ? (
          <div role="status" aria-label={`Loading ${subaccount.name} widgets`} className="flex items-center gap-3">
            <Skeleton className="size-9" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            Failed to load widget settings
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        ) : !connections || connections.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">No website widget yet.</p>
            {subaccount.role !== 'viewer' ? (
              <Button asChild size="sm">
                <Link to={designer}>
                  Set up widget
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-3">
            {connections.map((connection) => {
              const state = widgetState(connection);
              const isBlock = connection.type === 'website-block';
              const Icon = isBlock ? PanelsTopLeft : MessagesSquare;
              const link = isBlock
                ? `${connectPath(subaccount.id, 'website-block')}?${new URLSearchParams({ block: connection.connectionId }).toString()}`
                : `${designer}?${new URLSearchParams({ widget: connection.connectionId }).toString()}`;
              return (
                <li key={connection.connectionId} className="flex flex-wrap items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)]"
                    style={{ backgroundColor: connection.settings.themeColor }}
                  >
                    <Icon className="size-4 text-white" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{connection.settings.widgetTitle || 'Chat Widget'}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {isBlock ? 'Website block' : 'Website widget'} · {connection.widgetId}
                    </p>
                  </div>
                  <Badge variant={state.variant}>{state.label}</Badge>
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={link}
                      aria-label={`Open ${connection.settings.widgetTitle || 'Chat Widget'} in the designer`}
                    >
                      Open designer
                    </Link>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
