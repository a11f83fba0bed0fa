import { useQuery } from '@tanstack/react-query';
import type { Subaccount } from '@agentry/core/auth';
import { Bot, Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { agentsListQuery } from '@/lib/queries/agents';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { RequestConsole } from '../components/request-console';
import { SnippetsPanel } from '../components/snippets-panel';
import { WebhookPanel } from '../components/webhook-panel';

/** `/apitester` ('API Testing'): API keys, a request console, snippets and the webhook contract. */
export function ApiTesterPage() {
  const { data: session } = useSession();
  if (!session) return null;
  const subaccount =
    session.subaccounts.find((candidate) => candidate.id === session.activeSubaccountId) ?? session.subaccounts[0];
  if (!subaccount) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <EmptyState
          icon={Building2}
          title="No sub account yet"
          description="API keys belong to a sub account (a client). Once you are a member of one, its keys are managed here."
        />
      </div>
    );
  }
  return <ApiTester key={subaccount.id} subaccount={subaccount} />;
}

function ApiTester({ subaccount }: { subaccount: Subaccount }) {
  const canManage = subaccount.role !== 'viewer';
  const pickerId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const agents = useQuery(agentsListQuery(subaccount.id));
  const [consoleKey, setConsoleKey] = useState('');
  const baseUrl = window.location.origin;

  const list = agents.data?.agents ?? [];
  const requested = searchParams.get('agentId');
  const selected = list.find((agent) => agent.buildId === requested) ?? list[0] ?? null;

  const pick = (agentId: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('agentId', agentId);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Call your agents from code</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Every agent of {subaccount.name} answers on an OpenAI-compatible endpoint and on a webhook. Create a key, try
          a request, then copy the snippet into your app.
        </p>
      </div>

      <ApiKeysPanel
        subaccountId={subaccount.id}
        canManage={canManage}
        onCreated={(created) => setConsoleKey(created.secret)}
      />

      <section
        aria-labelledby="agent-picker-heading"
        className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div>
          <h2 id="agent-picker-heading" className="text-base font-semibold">
            Agent
          </h2>
          <p className="text-sm text-muted-foreground">
            The request, the snippets and the webhook below use this agent.
          </p>
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5 sm:w-80">
          <Label htmlFor={pickerId} className="sr-only">
            Agent
          </Label>
          {agents.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : agents.isError ? (
            <div role="alert" className="flex items-center justify-between gap-2 text-sm text-destructive">
              {agents.error.message}
              <Button variant="outline" size="sm" onClick={() => void agents.refetch()}>
                Retry
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No agents yet.{' '}
              <Link to="/agents/create" className="font-medium text-primary underline-offset-4 hover:underline">
                Create an agent
              </Link>{' '}
              to call it here.
            </p>
          ) : (
            <Select value={selected?.buildId} onValueChange={pick}>
              <SelectTrigger id={pickerId} aria-label="Agent">
                <SelectValue placeholder="Choose an agent" />
              </SelectTrigger>
              <SelectContent>
                {list.map((agent) => (
                  <SelectItem key={agent.buildId} value={agent.buildId}>
                    {agent.aiName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          {selected ? <p className="truncate font-mono text-xs text-muted-foreground">{selected.buildId}</p> : null}
        </div>
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-2">
        <RequestConsole agentId={selected?.buildId ?? null} apiKey={consoleKey} onApiKeyChange={setConsoleKey} />
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
          {selected ? (
            <>
              <SnippetsPanel baseUrl={baseUrl} agentId={selected.buildId} />
              <WebhookPanel
                subaccountId={subaccount.id}
                agentId={selected.buildId}
                baseUrl={baseUrl}
                canManage={canManage}
              />
            </>
          ) : (
            <EmptyState
              icon={Bot}
              title="Pick an agent"
              description="Code snippets and the webhook contract appear once an agent is chosen."
              className="max-w-none"
            />
          )}
        </div>
      </div>
    </div>
  );
}
