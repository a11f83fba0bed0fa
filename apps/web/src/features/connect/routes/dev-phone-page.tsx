import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { devPhoneQuery, sendFromDevPhone, smsKeys } from '../api/sms-api';

/**
 * /dev/phone: the TEST MODE phone simulator (loopback only). Every message the local provider
 * sent, per number, and a form that sends an inbound SMS or WhatsApp message through the same
 * signed webhook as Twilio.
 */
export function DevPhonePage() {
  const queryClient = useQueryClient();
  const phone = useQuery({ ...devPhoneQuery(), refetchInterval: 1500 });
  const [connectionId, setConnectionId] = useState('');
  const [channel, setChannel] = useState<'sms' | 'whatsapp'>('sms');
  const [from, setFrom] = useState('+14155550123');
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: () =>
      sendFromDevPhone({ connectionId: connectionId || phone.data?.connections[0]?.id || '', channel, from, body }),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: smsKeys.phone });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  if (phone.isPending) {
    return (
      <main className="mx-auto max-w-3xl p-4">
        <Skeleton className="h-40 w-full" />
      </main>
    );
  }
  if (phone.isError) {
    return (
      <main className="mx-auto max-w-3xl p-4">
        <ErrorState title="Failed to load the phone simulator" message={phone.error.message} />
      </main>
    );
  }
  const { connections, messages } = phone.data;
  const thread = messages.filter((message) => message.phoneNumber === from);
  const numbers = [...new Set(messages.map((message) => message.phoneNumber))];
  return (
    <main className="mx-auto grid max-w-3xl gap-6 p-4">
      <header>
        <h1 className="text-xl font-semibold">Phone simulator</h1>
        <p className="text-sm text-muted-foreground">
          TEST MODE SMS and WhatsApp: what connections without Twilio credentials sent, and messages you send them.
        </p>
      </header>
      {connections.length === 0 ? (
        <EmptyState
          icon={Smartphone}
          title="No TEST MODE connection"
          description="Create an SMS connection without Twilio credentials in an account's SMS area, then come back."
        />
      ) : (
        <>
          <form onSubmit={submit} className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <label className="grid gap-1 text-sm">
                Connection
                <select
                  className="h-9 rounded-[var(--radius-control)] border border-input bg-background px-2 text-sm"
                  value={connectionId || connections[0]?.id}
                  onChange={(event) => setConnectionId(event.target.value)}
                >
                  {connections.map((connection) => (
                    <option key={connection.id} value={connection.id}>
                      {connection.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm">
                Channel
                <select
                  className="h-9 rounded-[var(--radius-control)] border border-input bg-background px-2 text-sm"
                  value={channel}
                  onChange={(event) => setChannel(event.target.value === 'whatsapp' ? 'whatsapp' : 'sms')}
                >
                  <option value="sms">SMS</option>
                  <option value="whatsapp">WhatsApp</option>
                </select>
              </label>
              <label className="grid gap-1 text-sm">
                This phone's number
                <Input value={from} onChange={(event) => setFrom(event.target.value)} list="dev-phone-numbers" />
                <datalist id="dev-phone-numbers">
                  {numbers.map((number) => (
                    <option key={number} value={number} />
                  ))}
                </datalist>
              </label>
            </div>
            <ol
              aria-label="Messages"
              className="grid max-h-[50dvh] gap-2 overflow-y-auto rounded border border-border p-3"
            >
              {thread.length === 0 && (
                <li className="text-sm text-muted-foreground">No messages for this number yet.</li>
              )}
              {thread.map((message) => (
                <li
                  key={message.id}
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                    message.direction === 'inbound'
                      ? 'justify-self-end bg-primary text-primary-foreground'
                      : 'justify-self-start bg-muted',
                  )}
                >
                  <p className="whitespace-pre-wrap">{message.body}</p>
                  <p className="mt-1 text-[11px] opacity-70">
                    {message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} · {message.connectionName}
                  </p>
                </li>
              ))}
            </ol>
            <div className="flex gap-2">
              <label className="sr-only" htmlFor="dev-phone-body">
                Message
              </label>
              <Input
                id="dev-phone-body"
                value={body}
                onChange={(event) => setBody(event.target.value)}
                placeholder="Type a message"
                required
                maxLength={1600}
              />
              <Button type="submit" disabled={send.isPending || !body.trim()}>
                Send
              </Button>
            </div>
            {send.isError && (
              <p role="alert" className="text-sm text-destructive">
                {send.error.message}
              </p>
            )}
          </form>
        </>
      )}
    </main>
  );
}
