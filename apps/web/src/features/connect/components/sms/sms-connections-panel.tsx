import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsConnection } from '@agentry/core/sms';
import { MessageSquareText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { agentsListQuery } from '@/lib/queries/agents';
import {
  createSmsConnection,
  smsConnectionsQuery,
  smsKeys,
  testSmsConnection,
  updateSmsConnection,
} from '../../api/sms-api';

const statusVariant = {
  active: 'active',
  inactive: 'inactive',
  pending: 'pending',
  pending_connection: 'pending',
  needs_attention: 'warning',
} as const;

/**
 * SMS and WhatsApp connections of the sub account: TEST MODE (no credentials, the phone
 * simulator) or the agency's own Twilio account, the agent that answers, 'Test connection'.
 */
export function SmsConnectionsPanel({ subaccountId }: { subaccountId: string }) {
  const connections = useQuery(smsConnectionsQuery(subaccountId));
  const [isCreating, setIsCreating] = useState(false);

  if (connections.isPending) {
    return (
      <div role="status" aria-label="Loading connections" className="grid gap-3">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (connections.isError) {
    return (
      <ErrorState
        title="Failed to load the SMS connections"
        message={connections.error.message}
        onRetry={() => void connections.refetch()}
        isRetrying={connections.isFetching}
      />
    );
  }
  const list = connections.data.connections;
  return (
    <section aria-labelledby="sms-connections-title" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="sms-connections-title" className="text-lg font-semibold">
          SMS &amp; WhatsApp connections
        </h2>
        {!isCreating && list.length > 0 && (
          <Button className="ml-auto" onClick={() => setIsCreating(true)}>
            New connection
          </Button>
        )}
      </div>
      {isCreating && (
        <ConnectionForm subaccountId={subaccountId} onDone={() => setIsCreating(false)} connection={null} />
      )}
      {list.length === 0 && !isCreating ? (
        <EmptyState
          icon={MessageSquareText}
          title="No SMS connection yet"
          description="Connect your Twilio account, or start in TEST MODE and try your agent from the phone simulator."
          action={<Button onClick={() => setIsCreating(true)}>New connection</Button>}
        />
      ) : (
        list.map((connection) => (
          <ConnectionCard key={connection.id} connection={connection} subaccountId={subaccountId} />
        ))
      )}
    </section>
  );
}

function ConnectionCard({ connection, subaccountId }: { connection: SmsConnection; subaccountId: string }) {
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const test = useMutation({
    mutationFn: () => testSmsConnection(connection.id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: smsKeys.connections(subaccountId) }),
  });
  if (isEditing) {
    return <ConnectionForm subaccountId={subaccountId} connection={connection} onDone={() => setIsEditing(false)} />;
  }
  return (
    <article className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{connection.name}</h3>
        <Badge variant={statusVariant[connection.status]}>{connection.status.replace('_', ' ')}</Badge>
        <Badge variant={connection.mode === 'test' ? 'pending' : 'outline'}>
          {connection.mode === 'test' ? 'TEST MODE' : `Twilio ···${connection.accountSidHint ?? ''}`}
        </Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">SMS sender</dt>
          <dd>{connection.messagingServiceSid ?? connection.smsFrom ?? 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">WhatsApp sender</dt>
          <dd>{connection.whatsappFrom ?? 'Not set'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Incoming messages webhook (Twilio number: "A message comes in")</dt>
          <dd className="font-mono text-xs break-all">{connection.webhookUrls.inbound}</dd>
        </div>
      </dl>
      {connection.lastError && (
        <p role="alert" className="text-sm text-destructive">
          {connection.lastError}
        </p>
      )}
      {test.isError && (
        <p role="alert" className="text-sm text-destructive">
          {test.error.message}
        </p>
      )}
      {test.isSuccess && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          {test.data.mode === 'test' ? 'TEST MODE is ready.' : 'Twilio accepted the credentials.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </Button>
        <Button variant="outline" onClick={() => setIsEditing(true)}>
          Edit
        </Button>
        {connection.mode === 'test' && (
          <Button variant="ghost" asChild>
            <a href="/dev/phone" target="_blank" rel="noreferrer">
              Open the phone simulator
            </a>
          </Button>
        )}
      </div>
    </article>
  );
}

function ConnectionForm({
  subaccountId,
  connection,
  onDone,
}: {
  subaccountId: string;
  connection: SmsConnection | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const agents = useQuery(agentsListQuery(subaccountId));
  const [name, setName] = useState(connection?.name ?? 'SMS Agent');
  const [agentId, setAgentId] = useState(connection?.agentId ?? '');
  const [smsFrom, setSmsFrom] = useState(connection?.smsFrom ?? '');
  const [whatsappFrom, setWhatsappFrom] = useState(connection?.whatsappFrom ?? '');
  const [useTwilio, setUseTwilio] = useState(connection?.mode === 'twilio');
  const [accountSid, setAccountSid] = useState('');
  const [authToken, setAuthToken] = useState('');
  const save = useMutation({
    mutationFn: async () => {
      const senders = { smsFrom, whatsappFrom };
      // Blank credential fields on an edit keep the stored ones.
      const credentials = useTwilio ? (accountSid || authToken ? { accountSid, authToken } : undefined) : null;
      if (connection) {
        return updateSmsConnection(connection.id, {
          name,
          agentId: agentId || null,
          ...senders,
          ...(credentials === undefined ? {} : { credentials }),
        });
      }
      return createSmsConnection(subaccountId, {
        name,
        agentId: agentId || null,
        ...senders,
        credentials: credentials ?? null,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: smsKeys.connections(subaccountId) });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const agentList = agents.data?.agents ?? [];
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
      <h3 className="font-semibold">{connection ? `Edit ${connection.name}` : 'New SMS connection'}</h3>
      <label className="grid gap-1 text-sm">
        Name
        <Input value={name} onChange={(event) => setName(event.target.value)} required maxLength={80} />
      </label>
      <label className="grid gap-1 text-sm">
        Agent that answers
        <select
          className="h-9 rounded-[var(--radius-control)] border border-input bg-background px-2 text-sm"
          value={agentId}
          onChange={(event) => setAgentId(event.target.value)}
        >
          <option value="">No agent (messages are stored, not answered)</option>
          {agentList.map((agent) => (
            <option key={agent.buildId} value={agent.buildId}>
              {agent.aiName}
            </option>
          ))}
        </select>
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm">
          SMS number (E.164)
          <Input value={smsFrom} onChange={(event) => setSmsFrom(event.target.value)} placeholder="+15551234567" />
        </label>
        <label className="grid gap-1 text-sm">
          WhatsApp sender (E.164)
          <Input
            value={whatsappFrom}
            onChange={(event) => setWhatsappFrom(event.target.value)}
            placeholder="+15551234567"
          />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={useTwilio} onChange={(event) => setUseTwilio(event.target.checked)} />
        Use my Twilio account (otherwise TEST MODE: nothing leaves this machine)
      </label>
      {useTwilio && (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm">
            Account SID
            <Input
              value={accountSid}
              onChange={(event) => setAccountSid(event.target.value)}
              placeholder={connection?.accountSidHint ? `Stored (···${connection.accountSidHint})` : 'AC…'}
              autoComplete="off"
            />
          </label>
          <label className="grid gap-1 text-sm">
            Auth Token
            <Input
              type="password"
              value={authToken}
              onChange={(event) => setAuthToken(event.target.value)}
              placeholder={connection?.mode === 'twilio' ? 'Stored, never shown' : ''}
              autoComplete="off"
            />
          </label>
        </div>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
