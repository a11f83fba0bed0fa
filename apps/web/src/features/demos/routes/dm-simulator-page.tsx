import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { defaultDemoSettings } from '@agentry/core/demos';
import type { SimulatorMessage } from '@agentry/core/meta-dms';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { SocialDemoView } from '../components/social-demo-view';
import type { DemoChat } from '../hooks/use-demo-chat';
import type { DemoChatMessage } from '../lib/demo-chat-rules';
import type { DemoViewData } from '../lib/demo-view-data';
import { useMediaQuery } from '../hooks/use-media-query';
import { sendSimulatorMessage, simulatorKey, simulatorThreadQuery } from '../api/dm-simulator-api';

const POLL_MS = 1000;

function newCustomerId() {
  return `test_customer_${Math.random().toString(36).slice(2, 8)}`;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/** Stored channel messages as the demo looks draw them; a refused reply shows as an error bubble. */
function toChatMessages(messages: SimulatorMessage[], isWaiting: boolean): DemoChatMessage[] {
  const shown = messages
    .filter((message) => message.content.trim() !== '' || message.status === 'failed')
    .map((message): DemoChatMessage => ({
      id: message.id,
      type: message.role === 'user' ? 'user' : 'bot',
      content:
        message.status === 'failed'
          ? message.content.trim() || `The agent could not answer (${message.errorCode ?? 'error'}).`
          : message.content,
      timestamp: clock(message.createdAt),
      isError: message.status === 'failed',
    }));
  return isWaiting ? [...shown, { id: 'typing', type: 'bot', content: '', timestamp: '', isTyping: true }] : shown;
}

/**
 * /dev/dm/:connectionId — the DM simulator (TEST MODE). A developer writes as a customer in the
 * Instagram or Messenger look the demos use; each message goes through the connection's real
 * webhook route and signature check, and the agent's answer appears when its job has run. The
 * API answers only callers on the server's own machine, and only for connections without a Meta app.
 */
export function DmSimulatorPage() {
  const { connectionId = '' } = useParams();
  // The simulated customer lives in the address (?customer=), so a reload keeps the conversation.
  const [searchParams, setSearchParams] = useSearchParams();
  const [fallbackId] = useState(newCustomerId);
  const senderId = searchParams.get('customer') ?? fallbackId;
  useEffect(() => {
    if (!searchParams.get('customer')) setSearchParams({ customer: fallbackId }, { replace: true });
  }, [searchParams, setSearchParams, fallbackId]);
  const setSenderId = (id: string) => setSearchParams({ customer: id }, { replace: true });
  const [awaiting, setAwaiting] = useState<{ userCount: number; since: number } | null>(null);
  const queryClient = useQueryClient();
  const isNarrow = useMediaQuery('(max-width: 640px)');
  const thread = useQuery({
    ...simulatorThreadQuery(connectionId, senderId),
    refetchInterval: POLL_MS,
  });
  const messages = useMemo(() => thread.data?.messages ?? [], [thread.data]);
  const userCount = messages.filter((message) => message.role === 'user').length;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const isAnswered = lastUser !== -1 && messages.slice(lastUser + 1).some((message) => message.role !== 'user');
  // Waiting from a send until its message is stored and answered (at most a minute).
  const isWaiting =
    awaiting !== null && Date.now() - awaiting.since < 60_000 && (userCount <= awaiting.userCount || !isAnswered);

  const send = useMutation({
    mutationFn: (text: string) => sendSimulatorMessage(connectionId, { senderId, text }),
    onMutate: () => setAwaiting({ userCount, since: Date.now() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: simulatorKey(connectionId, senderId) }),
    onError: (error) => {
      setAwaiting(null);
      toast.error(error.message);
    },
  });

  if (thread.isError && !thread.data) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background px-4">
        <ErrorState
          title="The DM simulator is not available"
          message={thread.error.message}
          onRetry={() => void thread.refetch()}
          isRetrying={thread.isFetching}
        />
      </main>
    );
  }
  if (!thread.data) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background" aria-busy>
        <Spinner label="Loading the DM simulator" />
      </main>
    );
  }

  const { connection } = thread.data;
  const variant = connection.serviceType === 'instagram-dms' ? 'instagram' : 'facebook';
  const data: DemoViewData = {
    demoId: connectionId,
    name: connection.name,
    type: variant,
    settings: {
      ...defaultDemoSettings,
      theme: 'light',
      socialContactName: connection.name,
      showWelcomeMessage: false,
      suggestedResponses: [],
      placeholder: 'Write as the customer...',
    },
    requestCount: 0,
    requestLimit: 0,
    openRouter: null,
  };
  const chat: DemoChat = {
    messages: toChatMessages(messages, isWaiting && connection.hasAgent),
    isSending: send.isPending || (isWaiting && connection.hasAgent),
    threadId: null,
    isClosed: false,
    send: async (text) => {
      const trimmed = text.trim();
      if (!trimmed || send.isPending) return;
      await send.mutateAsync(trimmed).catch(() => undefined);
    },
    clear: () => {
      setSenderId(newCustomerId());
      setAwaiting(null);
    },
  };

  return (
    <main className="flex min-h-dvh flex-col items-center gap-4 bg-muted/40 px-3 py-6 sm:px-6">
      <header className="w-full max-w-[420px] text-center">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">DM simulator · test mode</p>
        <h1 className="mt-1 text-lg font-semibold">
          {connection.name} on {variant === 'instagram' ? 'Instagram' : 'Messenger'}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          You write as the customer <span className="font-mono text-xs">{senderId}</span>. Messages go through the
          connection's webhook with a signed delivery, like Meta sends them. Clear starts a new customer.
        </p>
        {!connection.hasAgent ? (
          <p role="alert" className="mt-2 text-sm text-amber-700 dark:text-amber-300">
            No agent is chosen for this connection: messages are stored but nobody answers.
          </p>
        ) : null}
      </header>
      <SocialDemoView
        variant={variant}
        data={data}
        chat={chat}
        width={isNarrow ? 360 : 400}
        height={isNarrow ? 600 : 640}
      />
    </main>
  );
}
