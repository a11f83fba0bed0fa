import { useQuery } from '@tanstack/react-query';
import type { WidgetConnection } from '@agentry/core/widget';
import { Inbox, MessagesSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { liveConversationsQuery, widgetConnectionsQuery } from '../api/connect-api';
import { ConversationList } from '../components/conversations/conversation-list';
import { MetaConversationsSection } from '../components/meta/meta-conversations-section';
import { TranscriptPanel } from '../components/conversations/transcript-panel';
import { ChannelConversationsSection } from '../components/sms/channel-conversations-section';
import { useConnectAccount } from '../hooks/use-connect-account';
import { useIsMobile } from '../hooks/use-is-mobile';
import { connectPath } from '../lib/connect-nav';

/** How often the list refreshes while the page is visible (TanStack Query pauses it in background tabs). */
export const CONVERSATIONS_REFRESH_MS = 15_000;

/** /{connectId}/dashboard: the live conversations of the website widget and blocks, and their transcripts. */
export function ConversationsPage() {
  const { subaccount } = useConnectAccount();
  const subaccountId = subaccount?.id ?? '';
  const widgets = useQuery({ ...widgetConnectionsQuery(subaccountId), enabled: subaccount !== null });
  const blocks = useQuery({ ...widgetConnectionsQuery(subaccountId, 'website-block'), enabled: subaccount !== null });
  // Widgets first, then blocks: one picker for every website chat of the account.
  const connections =
    widgets.isError || widgets.isPending ? widgets : blocks.isError || blocks.isPending ? blocks : widgets;
  const [chosenId, setChosenId] = useState<string | null>(null);

  if (!subaccount) return null;
  const header = (
    <>
      <header className="border-b border-border px-4 py-4 sm:px-6">
        <h1 className="text-xl font-semibold tracking-tight">Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Live conversations of {subaccount.name}'s website widget, SMS, WhatsApp, Instagram and Messenger.
        </p>
      </header>
      <MetaConversationsSection subaccountId={subaccount.id} />
    </>
  );
  if (connections.isPending) {
    return (
      <>
        {header}
        <ListSkeleton />
        <ChannelConversationsSection subaccountId={subaccount.id} />
      </>
    );
  }
  if (connections.isError) {
    return (
      <>
        {header}
        <div className="px-4 py-12">
          <ErrorState
            title="Failed to load widget settings"
            message={connections.error.message}
            onRetry={() => void connections.refetch()}
            isRetrying={connections.isFetching}
          />
        </div>
        <ChannelConversationsSection subaccountId={subaccount.id} />
      </>
    );
  }
  const list = [...(widgets.data?.connections ?? []), ...(blocks.data?.connections ?? [])];
  const selected = list.find((connection) => connection.connectionId === chosenId) ?? list[0];
  if (!selected) {
    return (
      <>
        {header}
        <div className="px-4 py-12">
          <EmptyState
            icon={MessagesSquare}
            title="No website widget yet"
            description="Conversations appear here once visitors chat with this account's website widget."
            action={
              <Button asChild>
                <Link to={connectPath(subaccount.id, 'website-widget')}>Set up the website widget</Link>
              </Button>
            }
          />
        </div>
        <ChannelConversationsSection subaccountId={subaccount.id} />
      </>
    );
  }
  return (
    <>
      {header}
      <ConversationsView
        key={selected.connectionId}
        connection={selected}
        connections={list}
        onChooseConnection={setChosenId}
        subaccountId={subaccount.id}
      />
      <ChannelConversationsSection subaccountId={subaccount.id} />
    </>
  );
}

type ConversationsViewProps = {
  connection: WidgetConnection;
  connections: readonly WidgetConnection[];
  onChooseConnection: (connectionId: string) => void;
  subaccountId: string;
};

function ConversationsView({ connection, connections, onChooseConnection, subaccountId }: ConversationsViewProps) {
  const conversations = useQuery({
    ...liveConversationsQuery(connection.connectionId),
    refetchInterval: CONVERSATIONS_REFRESH_MS,
  });
  const [selectedThreadId, setSelectedThreadId] = useState<string | null>(null);
  // Below the two-column layout (1024 px) the transcript opens in a drawer.
  const isNarrow = useIsMobile(1023);
  const now = conversations.dataUpdatedAt || Date.now();

  const toolbar = (
    <div className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
      {connections.length > 1 ? (
        <Select value={connection.connectionId} onValueChange={onChooseConnection}>
          <SelectTrigger aria-label="Widget" className="w-64 max-w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {connections.map((item) => (
              <SelectItem key={item.connectionId} value={item.connectionId}>
                {item.settings.widgetTitle || 'Chat Widget'}
                {item.type === 'website-block' ? ' (block)' : ''} · {item.widgetId.slice(0, 8)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <p className="text-sm font-medium">{connection.settings.widgetTitle || 'Chat Widget'}</p>
      )}
      <p className="ml-auto text-xs text-muted-foreground" aria-live="polite">
        {conversations.isFetching ? 'Refreshing…' : 'Refreshes every 15 seconds'}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void conversations.refetch()}
        disabled={conversations.isFetching}
      >
        <RefreshCw className={cn(conversations.isFetching && 'animate-spin')} aria-hidden />
        Refresh
      </Button>
    </div>
  );

  if (conversations.isPending) {
    return (
      <>
        {toolbar}
        <ListSkeleton />
      </>
    );
  }
  if (conversations.isError) {
    return (
      <>
        {toolbar}
        <div className="px-4 py-12">
          <ErrorState
            title="Failed to load conversations"
            message={conversations.error.message}
            onRetry={() => void conversations.refetch()}
            isRetrying={conversations.isFetching}
          />
        </div>
      </>
    );
  }
  const list = conversations.data.conversations;
  if (list.length === 0) {
    return (
      <>
        {toolbar}
        <div className="px-4 py-12">
          <EmptyState
            icon={Inbox}
            title="No conversations yet"
            description={
              connection.deployedAt === null
                ? 'Deploy the widget and add its code to a website; every visitor chat then shows here.'
                : 'Once a visitor sends a message through the widget, the conversation shows here within seconds.'
            }
            action={
              <Button asChild variant="outline">
                <Link to={connectPath(subaccountId, 'website-widget')}>Open the widget designer</Link>
              </Button>
            }
          />
        </div>
      </>
    );
  }

  const transcript = selectedThreadId ? (
    <TranscriptPanel connectionId={connection.connectionId} threadId={selectedThreadId} now={now} />
  ) : null;
  return (
    <>
      {toolbar}
      <div className="grid gap-4 px-4 pb-6 sm:px-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-card">
          <ConversationList
            conversations={list}
            selectedThreadId={selectedThreadId}
            onSelect={setSelectedThreadId}
            now={now}
          />
        </div>
        {isNarrow ? (
          <Sheet open={selectedThreadId !== null} onOpenChange={(open) => !open && setSelectedThreadId(null)}>
            <SheetContent side="right" aria-describedby={undefined} className="w-full max-w-full gap-0 p-0 pt-10">
              <SheetTitle className="sr-only">Conversation</SheetTitle>
              {transcript}
            </SheetContent>
          </Sheet>
        ) : (
          <section
            aria-label="Conversation"
            className="h-[calc(100dvh-12rem)] min-h-96 overflow-hidden rounded-[var(--radius-card)] border border-border bg-card"
          >
            {transcript ?? (
              <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
                <MessagesSquare className="size-8" aria-hidden />
                Choose a conversation to read its transcript.
              </div>
            )}
          </section>
        )}
      </div>
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="grid gap-2 px-4 py-4 sm:px-6 lg:max-w-[24rem]">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="flex items-center gap-3 rounded-[var(--radius-card)] border border-border p-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </div>
      ))}
    </div>
  );
}
