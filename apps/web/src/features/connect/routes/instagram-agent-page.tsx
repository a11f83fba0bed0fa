import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera as Instagram, MessageCircle, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { MetaConnection, MetaServiceType } from '@agentry/core/meta-dms';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { createMetaConnection, metaConnectionsQuery, metaKeys } from '../api/meta-dms-api';
import { MetaConnectionPanel } from '../components/meta/meta-connection-panel';
import { useConnectAccount } from '../hooks/use-connect-account';

export const serviceLabels: Record<MetaServiceType, string> = {
  'instagram-dms': 'Instagram',
  'facebook-dms': 'Messenger',
};

/**
 * /{connectId}/link3 (Instagram Agent): the sub account's Instagram and Messenger connections.
 * Each answers one Page's direct messages with the chosen agent; a new one starts in TEST MODE
 * with the DM simulator until the agency connects its own Meta app.
 */
export function InstagramAgentPage() {
  const { subaccount, canEdit } = useConnectAccount();
  const subaccountId = subaccount?.id ?? '';
  const connections = useQuery({ ...metaConnectionsQuery(subaccountId), enabled: subaccount !== null });
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const oauthError = searchParams.get('oauthError');

  useEffect(() => {
    if (!oauthError) return;
    toast.error(oauthError);
    setSearchParams(
      (current) => {
        current.delete('oauthError');
        return current;
      },
      { replace: true },
    );
  }, [oauthError, setSearchParams]);

  const create = useMutation({
    mutationFn: (serviceType: MetaServiceType) => createMetaConnection(subaccountId, { serviceType }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: metaKeys.connections(subaccountId) });
      setSearchParams({ connection: created.connectionId }, { replace: true });
      toast.success(`${serviceLabels[created.serviceType]} connection created`);
    },
    onError: (error) => toast.error(error.message),
  });

  if (!subaccount) return null;
  if (connections.isPending) return <PageSkeleton />;
  if (connections.isError) {
    return (
      <div className="px-4 py-12">
        <ErrorState
          title="Failed to load Instagram and Messenger connections"
          message={connections.error.message}
          onRetry={() => void connections.refetch()}
          isRetrying={connections.isFetching}
        />
      </div>
    );
  }

  const list = connections.data.connections;
  const addButtons = canEdit ? (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => create.mutate('instagram-dms')} disabled={create.isPending}>
        <Instagram aria-hidden />
        Add Instagram
      </Button>
      <Button variant="outline" onClick={() => create.mutate('facebook-dms')} disabled={create.isPending}>
        <MessageCircle aria-hidden />
        Add Messenger
      </Button>
    </div>
  ) : undefined;

  if (list.length === 0) {
    return (
      <div className="px-4 py-12 sm:px-8">
        <EmptyState
          icon={Instagram}
          title="No Instagram or Messenger agent yet"
          description={
            canEdit
              ? 'Let an agent answer the direct messages of an Instagram professional account or a Facebook Page. You can try it at once in test mode, then connect your Meta app.'
              : 'This account has no Instagram or Messenger connection yet. An admin or member can add one.'
          }
          action={addButtons}
        />
      </div>
    );
  }

  const requested = searchParams.get('connection');
  const selected = list.find((connection) => connection.connectionId === requested) ?? list[0];
  if (!selected) return null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-8 lg:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Instagram Agent</h1>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">
            Your agent answers Instagram and Facebook Page direct messages, around the clock.
          </p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => create.mutate('instagram-dms')}
              disabled={create.isPending}
            >
              <Plus aria-hidden />
              Instagram
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => create.mutate('facebook-dms')}
              disabled={create.isPending}
            >
              <Plus aria-hidden />
              Messenger
            </Button>
          </div>
        ) : null}
      </header>
      {list.length > 1 ? (
        <nav aria-label="Connections" className="mb-6 flex gap-2 overflow-x-auto pb-1">
          {list.map((connection) => (
            <ConnectionTab
              key={connection.connectionId}
              connection={connection}
              isSelected={connection.connectionId === selected.connectionId}
              onSelect={() => setSearchParams({ connection: connection.connectionId })}
            />
          ))}
        </nav>
      ) : null}
      <MetaConnectionPanel
        key={selected.connectionId}
        connection={selected}
        subaccountId={subaccountId}
        canEdit={canEdit}
        isPicking={searchParams.get('pick') === '1'}
      />
    </div>
  );
}

function ConnectionTab(props: { connection: MetaConnection; isSelected: boolean; onSelect: () => void }) {
  const { connection } = props;
  const Icon = connection.serviceType === 'instagram-dms' ? Instagram : MessageCircle;
  return (
    <button
      type="button"
      onClick={props.onSelect}
      aria-current={props.isSelected ? 'page' : undefined}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        props.isSelected
          ? 'border-primary bg-primary/10 font-medium text-foreground'
          : 'border-border text-muted-foreground hover:bg-accent',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {connection.name}
    </button>
  );
}

function PageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading connections"
      className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-10 sm:px-8"
    >
      <Skeleton className="h-8 w-56" />
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-36 rounded-[var(--radius-card)]" />
      ))}
    </div>
  );
}
