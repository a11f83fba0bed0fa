import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionType } from '@agentry/core/widget';
import { MessagesSquare, PanelsTopLeft, Plus, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { connectKeys, createWidgetConnection, widgetConnectionsQuery } from '../api/connect-api';
import { WidgetDesigner } from '../components/designer/widget-designer';
import { useConnectAccount } from '../hooks/use-connect-account';

/** What differs between the widget's and the block's designer page. */
const pageTexts: Record<
  ConnectionType,
  {
    param: string;
    noun: string;
    icon: LucideIcon;
    emptyTitle: string;
    emptyForEditor: string;
    emptyForViewer: string;
    fallbackTitle: string;
  }
> = {
  'website-widget': {
    param: 'widget',
    noun: 'widget',
    icon: MessagesSquare,
    emptyTitle: 'No website widget yet',
    emptyForEditor:
      'Create a chat widget for this account, design it here, then paste one line of code on the website.',
    emptyForViewer: 'This account has no website widget yet. An admin or member can create one.',
    fallbackTitle: 'Chat Widget',
  },
  'website-block': {
    param: 'block',
    noun: 'block',
    icon: PanelsTopLeft,
    emptyTitle: 'No website block yet',
    emptyForEditor:
      'Create a chat block for this account, design it here, then paste its snippet where the chat should appear in a page.',
    emptyForViewer: 'This account has no website block yet. An admin or member can create one.',
    fallbackTitle: 'Chat Widget',
  },
};

/** /{connectId}/website-widget: the sub account's widget designer (create the first widget here). */
export function WebsiteWidgetPage() {
  return <ConnectionDesignerPage type="website-widget" />;
}

/** /{connectId}/website-block: the sub account's website block designer (create the first block here). */
export function WebsiteBlockPage() {
  return <ConnectionDesignerPage type="website-block" />;
}

function ConnectionDesignerPage({ type }: { type: ConnectionType }) {
  const texts = pageTexts[type];
  const { subaccount, canEdit } = useConnectAccount();
  const subaccountId = subaccount?.id ?? '';
  const connections = useQuery({ ...widgetConnectionsQuery(subaccountId, type), enabled: subaccount !== null });
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();

  const create = useMutation({
    mutationFn: () => createWidgetConnection({ subaccountId, body: { type } }),
    onSuccess: async (created) => {
      queryClient.setQueryData(connectKeys.connection(created.connectionId), created);
      await queryClient.invalidateQueries({ queryKey: connectKeys.connections(subaccountId) });
      setSearchParams({ [texts.param]: created.connectionId }, { replace: true });
      toast.success(type === 'website-block' ? 'Block created' : 'Widget created');
    },
  });

  if (!subaccount) return null;
  if (connections.isPending) return <DesignerSkeleton />;
  if (connections.isError) {
    return (
      <div className="px-4 py-12">
        <ErrorState
          title="Failed to load widget settings"
          message={connections.error.message}
          onRetry={() => void connections.refetch()}
          isRetrying={connections.isFetching}
        />
      </div>
    );
  }

  const list = connections.data.connections;
  if (list.length === 0) {
    return (
      <div className="px-4 py-12 sm:px-8">
        <EmptyState
          icon={texts.icon}
          title={texts.emptyTitle}
          description={canEdit ? texts.emptyForEditor : texts.emptyForViewer}
          action={
            canEdit ? (
              <Button onClick={() => create.mutate()} disabled={create.isPending}>
                <Plus aria-hidden />
                {create.isPending ? 'Creating...' : `Create ${texts.noun}`}
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }

  const requested = searchParams.get(texts.param);
  const selected = list.find((connection) => connection.connectionId === requested) ?? list[0];
  if (!selected) return null;

  return (
    <div className="flex min-h-dvh flex-col">
      {list.length > 1 ? (
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 sm:px-6">
          <span id="widget-picker-label" className="text-sm font-medium">
            {type === 'website-block' ? 'Block' : 'Widget'}
          </span>
          <Select value={selected.connectionId} onValueChange={(value) => setSearchParams({ [texts.param]: value })}>
            <SelectTrigger aria-labelledby="widget-picker-label" className="w-72 max-w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {list.map((connection) => (
                <SelectItem key={connection.connectionId} value={connection.connectionId}>
                  {connection.settings.widgetTitle || texts.fallbackTitle} · {connection.widgetId.slice(0, 8)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
              <Plus aria-hidden />
              New {texts.noun}
            </Button>
          ) : null}
        </div>
      ) : null}
      <WidgetDesigner
        key={selected.connectionId}
        connectionId={selected.connectionId}
        initial={selected}
        subaccountId={subaccount.id}
        canEdit={canEdit}
      />
    </div>
  );
}

export function DesignerSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading widget settings"
      className="grid gap-6 p-4 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="grid content-start gap-4">
        <Skeleton className="h-8 w-56" />
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-[700px] rounded-[var(--radius-card)]" />
    </div>
  );
}
