import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Subaccount } from '@agentry/core/auth';
import type { ConnectionStatus } from '@agentry/core/channels';
import { connectionStatusLabels, serviceTypeLabels, type ConnectionSummary } from '@agentry/core/subaccounts';
import { ArrowRight, Inbox, Pencil, Plus, Rocket, RotateCw, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SubaccountLockBadge } from '@/components/subaccount-lock-badge';
import { SubaccountNameDialog } from '@/components/subaccount-name-dialog';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { connectionSummariesQuery, selectActiveSubaccount } from '@/lib/queries/subaccounts';
import { sessionQueryKey, useSession } from '@/lib/session';
import { AccountAvatar } from '../components/shell/account-avatar';
import { connectPath } from '../lib/connect-nav';

const statusVariant: Record<ConnectionStatus, NonNullable<BadgeProps['variant']>> = {
  active: 'active',
  inactive: 'inactive',
  pending: 'pending',
  pending_connection: 'pending',
  needs_attention: 'warning',
};

/**
 * /connect ('Launch Agents'): every sub account with every one of its connections (website widgets
 * and blocks, SMS/WhatsApp, Instagram, Messenger), their service type and status; create, rename
 * and switch sub accounts from here too.
 */
export function LaunchPage() {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ renaming?: Subaccount } | null>(null);
  const subaccounts = session?.subaccounts ?? [];
  const results = useQueries({ queries: subaccounts.map((subaccount) => connectionSummariesQuery(subaccount.id)) });
  const select = useMutation({
    mutationFn: selectActiveSubaccount,
    meta: { silentError: true },
    onSuccess: async (reply) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      const chosen = reply.subaccounts.find((entry) => entry.id === reply.activeSubaccountId);
      if (chosen) toast.success(`Now working in ${chosen.name}`);
    },
    onError: () => toast.error('Failed to select subaccount'),
  });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 className="text-lg font-semibold">Connections</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every client account with the places its agents answer: website widgets, SMS and WhatsApp, Instagram and
            Facebook messages.
          </p>
        </div>
        <Button variant="outline" onClick={() => setDialog({})}>
          <Plus aria-hidden />
          New sub account
        </Button>
      </div>
      {subaccounts.length === 0 ? (
        <EmptyState
          icon={Rocket}
          title="No accounts yet"
          description="Create an account for a client first; its connections are set up from there."
          action={<Button onClick={() => setDialog({})}>New sub account</Button>}
        />
      ) : (
        <ul className="grid gap-4">
          {subaccounts.map((subaccount, index) => {
            const result = results[index];
            return (
              <li key={subaccount.id}>
                <AccountConnections
                  subaccount={subaccount}
                  isActive={subaccount.id === session?.activeSubaccountId}
                  connections={result?.data?.connections}
                  isLoading={result?.isPending ?? true}
                  error={result?.error ?? null}
                  onRetry={() => void result?.refetch()}
                  onRename={() => setDialog({ renaming: subaccount })}
                  onSwitch={() => select.mutate(subaccount.id)}
                  isSwitching={select.isPending}
                />
              </li>
            );
          })}
        </ul>
      )}
      {dialog ? (
        <SubaccountNameDialog
          open
          renaming={dialog.renaming}
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}

type AccountConnectionsProps = {
  subaccount: Subaccount;
  isActive: boolean;
  connections: ConnectionSummary[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  onRename: () => void;
  onSwitch: () => void;
  isSwitching: boolean;
};

function AccountConnections(props: AccountConnectionsProps) {
  const { subaccount, connections, isLoading, error } = props;
  const isAdmin = subaccount.role === 'admin';
  const canCreate = subaccount.role !== 'viewer' && !subaccount.isLocked;
  return (
    <section aria-label={subaccount.name} className="rounded-[var(--radius-card)] border border-border bg-card">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-5 py-4">
        <AccountAvatar name={subaccount.name} logoUrl={subaccount.logoUrl} className="size-9" />
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <span className="truncate">{subaccount.name}</span>
            {subaccount.isLocked ? <SubaccountLockBadge /> : null}
          </h3>
          <p className="text-xs text-muted-foreground">
            <span className="capitalize">{subaccount.role}</span>
            {props.isActive ? ' · Active in the workspace' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {props.isActive ? null : (
            <Button variant="ghost" size="sm" disabled={props.isSwitching} onClick={props.onSwitch}>
              Switch to
            </Button>
          )}
          {isAdmin && !subaccount.isLocked ? (
            <Button variant="ghost" size="icon-sm" aria-label={`Rename ${subaccount.name}`} onClick={props.onRename}>
              <Pencil aria-hidden />
            </Button>
          ) : null}
          {isAdmin ? (
            <Button asChild variant="ghost" size="icon-sm">
              <Link to={connectPath(subaccount.id, 'ai-settings')} aria-label={`${subaccount.name} settings`}>
                <Settings aria-hidden />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="sm">
            <Link to={connectPath(subaccount.id, 'dashboard')}>
              <Inbox aria-hidden />
              Conversations
            </Link>
          </Button>
        </div>
      </header>
      <div className="px-5 py-4">
        {isLoading ? (
          <div role="status" aria-label={`Loading ${subaccount.name} connections`} className="flex items-center gap-3">
            <Skeleton className="size-9" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {error.message || 'Failed to load connections'}
            <Button variant="outline" size="sm" onClick={props.onRetry}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        ) : !connections || connections.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">No connections yet.</p>
            {canCreate ? (
              <Button asChild size="sm">
                <Link to={connectPath(subaccount.id, 'website-widget')}>
                  Set up widget
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul aria-label={`${subaccount.name} connections`} className="grid gap-3">
            {connections.map((connection) => (
              <li key={connection.id} className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate text-sm font-medium">{connection.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {connection.agent ? `Agent: ${connection.agent.name}` : 'No agent chosen'}
                  </p>
                </div>
                <Badge variant="outline">{serviceTypeLabels[connection.serviceType]}</Badge>
                <Badge variant={statusVariant[connection.status]}>{connectionStatusLabels[connection.status]}</Badge>
                <Button asChild variant="outline" size="sm">
                  <Link to={connection.href} aria-label={`Open ${connection.name}`}>
                    Open
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
