import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, FlaskConical, KeyRound, RefreshCw, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { metaLimits, type MetaConnection } from '@agentry/core/meta-dms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { agentsListQuery } from '@/lib/queries/agents';
import {
  chooseMetaPage,
  connectWithPageToken,
  disconnectMeta,
  metaKeys,
  metaPagesQuery,
  saveMetaApp,
  startMetaOAuth,
  updateMetaConnection,
} from '../../api/meta-dms-api';

type PanelProps = { connection: MetaConnection; subaccountId: string; canEdit: boolean; isPicking: boolean };

const statusBadge: Record<
  MetaConnection['status'],
  { label: string; variant: 'active' | 'pending' | 'error' | 'inactive' }
> = {
  active: { label: 'Active', variant: 'active' },
  pending_connection: { label: 'Setup not finished', variant: 'pending' },
  pending: { label: 'Pending', variant: 'pending' },
  inactive: { label: 'Inactive', variant: 'inactive' },
  needs_attention: { label: 'Needs attention', variant: 'error' },
};

function Section(props: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {props.title}
      </h2>
      {props.description ? <p className="mt-1 text-sm text-muted-foreground">{props.description}</p> : null}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

function useSaved(subaccountId: string) {
  const queryClient = useQueryClient();
  return async (message?: string) => {
    await queryClient.invalidateQueries({ queryKey: metaKeys.connections(subaccountId) });
    if (message) toast.success(message);
  };
}

/** One Instagram or Messenger connection: status, agent, TEST MODE simulator, Meta app setup, handover. */
export function MetaConnectionPanel({ connection, subaccountId, canEdit, isPicking }: PanelProps) {
  const channel = connection.serviceType === 'instagram-dms' ? 'Instagram' : 'Messenger';
  const badge = statusBadge[connection.status];
  const reconnect = useMutation({
    mutationFn: () => startMetaOAuth(connection.connectionId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(error.message),
  });

  return (
    <div className="grid gap-5">
      <section
        aria-label="Connection status"
        className="flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5"
      >
        <div className="min-w-0 flex-1 basis-full sm:basis-auto">
          <p className="break-words text-lg font-semibold">{connection.name}</p>
          <p className="break-words text-sm text-muted-foreground">
            {connection.mode === 'test'
              ? `${channel} · test mode (no Meta app connected)`
              : connection.page
                ? `${channel} · ${connection.instagram ? `@${connection.instagram.username} · ` : ''}${connection.page.name}`
                : `${channel} · Meta app saved, no Page connected yet`}
          </p>
        </div>
        <Badge variant={connection.serviceType === 'instagram-dms' ? 'admin' : 'viewer'}>
          {connection.serviceType}
        </Badge>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </section>

      {connection.status === 'needs_attention' ? (
        <div
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-[var(--radius-card)] border border-red-500/40 bg-red-500/5 p-4 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium">Facebook no longer accepts this connection's access token.</p>
            <p className="mt-1 break-words text-muted-foreground">
              {connection.lastError ?? 'The token expired or was revoked.'} The agent sends nothing until you reconnect.
            </p>
          </div>
          {canEdit ? (
            <Button
              size="sm"
              onClick={() => reconnect.mutate()}
              disabled={reconnect.isPending || !connection.hasAppSecret}
            >
              <RefreshCw aria-hidden />
              Reconnect
            </Button>
          ) : null}
        </div>
      ) : null}

      <AgentSection connection={connection} subaccountId={subaccountId} canEdit={canEdit} />

      {connection.mode === 'test' ? (
        <Section
          title="Test mode"
          description="No Meta app is connected, so nothing reaches Instagram or Facebook. Try the agent in the DM simulator: you write as a customer, the message goes through this connection's webhook like a real one."
        >
          <Button asChild variant="outline">
            <a href={`/dev/dm/${encodeURIComponent(connection.connectionId)}`} target="_blank" rel="noreferrer">
              <FlaskConical aria-hidden />
              Open the DM simulator
              <ExternalLink aria-hidden />
            </a>
          </Button>
          <p className="mt-2 text-xs text-muted-foreground">
            The simulator only works from the computer the server runs on.
          </p>
        </Section>
      ) : null}

      <MetaAppSection connection={connection} subaccountId={subaccountId} canEdit={canEdit} isPicking={isPicking} />
      <HandoverSection connection={connection} subaccountId={subaccountId} canEdit={canEdit} />
    </div>
  );
}

function AgentSection({ connection, subaccountId, canEdit }: Omit<PanelProps, 'isPicking'>) {
  const agents = useQuery(agentsListQuery(subaccountId));
  const saved = useSaved(subaccountId);
  const update = useMutation({
    mutationFn: (agentId: string) => updateMetaConnection(connection.connectionId, { agentId }),
    onSuccess: () => saved('Build updated successfully!'),
    onError: () => toast.error('Failed to update build'),
  });
  const list = agents.data?.agents ?? [];
  return (
    <Section title="Agent" description="The agent that answers every direct message of this connection.">
      <Label htmlFor={`agent-${connection.connectionId}`}>Choose Build</Label>
      <div className="mt-2 max-w-md">
        {agents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load builds
          </p>
        ) : (
          <Select
            value={connection.agentId ?? undefined}
            onValueChange={(value) => update.mutate(value)}
            disabled={!canEdit || update.isPending || agents.isPending || list.length === 0}
          >
            <SelectTrigger id={`agent-${connection.connectionId}`}>
              <SelectValue
                placeholder={
                  agents.isPending
                    ? 'Loading builds...'
                    : update.isPending
                      ? 'Updating build...'
                      : list.length === 0
                        ? 'No builds available. Please create a build first.'
                        : 'Select a build'
                }
              />
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
      </div>
    </Section>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          readOnly
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Copy ${label}`}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => toast.success('Code copied to clipboard!'),
              () => toast.error('Copy failed: select the text and copy it by hand'),
            )
          }
        >
          <Copy aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function MetaAppSection({ connection, subaccountId, canEdit, isPicking }: PanelProps) {
  const saved = useSaved(subaccountId);
  const [appId, setAppId] = useState(connection.appId ?? '');
  const [appSecret, setAppSecret] = useState('');
  const [pageToken, setPageToken] = useState('');
  const hasApp = connection.appId !== null && connection.hasAppSecret;
  const formId = useId();

  const saveApp = useMutation({
    mutationFn: () => saveMetaApp(connection.connectionId, { appId: appId.trim(), appSecret: appSecret.trim() }),
    onSuccess: () => {
      setAppSecret('');
      return saved('Meta app saved');
    },
    onError: (error) => toast.error(error.message),
  });
  const oauth = useMutation({
    mutationFn: () => startMetaOAuth(connection.connectionId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(error.message),
  });
  const token = useMutation({
    mutationFn: () => connectWithPageToken(connection.connectionId, pageToken.trim()),
    onSuccess: () => {
      setPageToken('');
      return saved('Page connected');
    },
    onError: (error) => toast.error(error.message),
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectMeta(connection.connectionId),
    onSuccess: () => saved('Back in test mode'),
    onError: (error) => toast.error(error.message),
  });

  const submitApp = (event: FormEvent) => {
    event.preventDefault();
    if (!appId.trim() || !appSecret.trim()) {
      toast.error('Enter the App ID and the App Secret');
      return;
    }
    saveApp.mutate();
  };

  return (
    <Section
      title="Connect your Meta app"
      description={
        <>
          Use your own app from developers.facebook.com with the Messenger
          {connection.serviceType === 'instagram-dms' ? ' and Instagram' : ''} product added. Secrets and tokens are
          stored encrypted and never shown again.
        </>
      }
    >
      <div className="grid gap-6">
        <form id={formId} onSubmit={submitApp} className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${formId}-app-id`}>App ID</Label>
            <Input
              id={`${formId}-app-id`}
              inputMode="numeric"
              autoComplete="off"
              value={appId}
              onChange={(event) => setAppId(event.target.value)}
              disabled={!canEdit}
              maxLength={metaLimits.appId}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${formId}-app-secret`}>App Secret</Label>
            <Input
              id={`${formId}-app-secret`}
              type="password"
              autoComplete="off"
              placeholder={connection.hasAppSecret ? 'Saved · enter a new one to replace it' : ''}
              value={appSecret}
              onChange={(event) => setAppSecret(event.target.value)}
              disabled={!canEdit}
              maxLength={metaLimits.secret}
            />
          </div>
          {canEdit ? (
            <div className="sm:col-span-2">
              <Button type="submit" variant={hasApp ? 'outline' : 'default'} disabled={saveApp.isPending}>
                <KeyRound aria-hidden />
                {saveApp.isPending ? 'Saving...' : hasApp ? 'Replace app' : 'Save app'}
              </Button>
            </div>
          ) : null}
        </form>

        {hasApp ? (
          <>
            <div className="grid gap-3">
              <p className="text-sm">
                In your app's <span className="font-medium">Webhooks</span> settings, subscribe to{' '}
                <span className="font-mono text-xs">
                  {connection.serviceType === 'instagram-dms' ? 'Instagram' : 'Page'}
                </span>{' '}
                with this callback URL and verify token:
              </p>
              <CopyField label="Callback URL" value={connection.webhookUrl} />
              <CopyField label="Verify token" value={connection.verifyToken} />
            </div>

            <div className="grid gap-3">
              {canEdit ? (
                <div>
                  <Button
                    type="button"
                    onClick={() => oauth.mutate()}
                    disabled={oauth.isPending}
                    className="bg-[#1877f2] text-white hover:bg-[#1877f2]/90"
                  >
                    {oauth.isPending ? 'Opening Facebook...' : 'Continue with Facebook'}
                  </Button>
                </div>
              ) : null}
              {isPicking || connection.page === null ? (
                <PagePicker connection={connection} subaccountId={subaccountId} canEdit={canEdit} />
              ) : null}
            </div>

            {canEdit ? (
              <form
                className="grid gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (pageToken.trim()) token.mutate();
                }}
              >
                <Label htmlFor={`${formId}-page-token`}>Or paste a Page access token</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id={`${formId}-page-token`}
                    type="password"
                    autoComplete="off"
                    value={pageToken}
                    onChange={(event) => setPageToken(event.target.value)}
                    maxLength={metaLimits.token}
                  />
                  <Button type="submit" variant="outline" disabled={token.isPending || !pageToken.trim()}>
                    {token.isPending ? 'Connecting...' : 'Connect Page'}
                  </Button>
                </div>
              </form>
            ) : null}
          </>
        ) : null}

        {connection.mode === 'meta' && canEdit ? (
          <div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => disconnect.mutate()}
              disabled={disconnect.isPending}
            >
              Disconnect Meta and go back to test mode
            </Button>
          </div>
        ) : null}
      </div>
    </Section>
  );
}

function PagePicker({ connection, subaccountId, canEdit }: Omit<PanelProps, 'isPicking'>) {
  const pages = useQuery(metaPagesQuery(connection.connectionId));
  const saved = useSaved(subaccountId);
  const choose = useMutation({
    mutationFn: (pageId: string) => chooseMetaPage(connection.connectionId, pageId),
    onSuccess: () => saved('Page connected'),
    onError: (error) => toast.error(error.message),
  });
  if (pages.isPending || pages.isError || pages.data.pages.length === 0) return null;
  return (
    <fieldset className="grid gap-2" disabled={!canEdit || choose.isPending}>
      <legend className="mb-1 text-sm font-medium">Pick the Page to connect</legend>
      {pages.data.pages.map((page) => {
        const isUsable = connection.serviceType === 'facebook-dms' || page.instagram !== null;
        return (
          <button
            key={page.id}
            type="button"
            onClick={() => choose.mutate(page.id)}
            disabled={!isUsable}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{page.name}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {page.instagram ? `Instagram @${page.instagram.username}` : 'No linked Instagram account'}
              </span>
            </span>
            {connection.page?.id === page.id ? <Badge variant="active">Connected</Badge> : null}
          </button>
        );
      })}
    </fieldset>
  );
}

function HandoverSection({ connection, subaccountId, canEdit }: Omit<PanelProps, 'isPicking'>) {
  const saved = useSaved(subaccountId);
  const [enabled, setEnabled] = useState(connection.handover.enabled);
  const [minutes, setMinutes] = useState(String(connection.handover.resumeAfterMinutes));
  const switchId = useId();
  const update = useMutation({
    mutationFn: () => {
      const parsed = Number.parseInt(minutes, 10);
      const { min, max, default: fallback } = metaLimits.handoverMinutes;
      const resumeAfterMinutes = Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
      setMinutes(String(resumeAfterMinutes));
      return updateMetaConnection(connection.connectionId, { handover: { enabled, resumeAfterMinutes } });
    },
    onSuccess: () => saved('Settings saved successfully!'),
    onError: (error) => toast.error(error.message),
  });
  const isChanged =
    enabled !== connection.handover.enabled || minutes !== String(connection.handover.resumeAfterMinutes);
  return (
    <Section
      title="Hand over to a person"
      description="When someone on your team answers a conversation from the Page inbox, the agent stays quiet in that conversation for a while."
    >
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Switch id={switchId} checked={enabled} onCheckedChange={setEnabled} disabled={!canEdit} />
          <Label htmlFor={switchId}>Pause the agent when a team member replies</Label>
        </div>
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor={`${switchId}-minutes`}>Resume after (minutes)</Label>
          <Input
            id={`${switchId}-minutes`}
            inputMode="numeric"
            value={minutes}
            onChange={(event) => setMinutes(event.target.value.replace(/\D/g, ''))}
            disabled={!canEdit || !enabled}
          />
        </div>
        {canEdit ? (
          <div>
            <Button type="button" onClick={() => update.mutate()} disabled={!isChanged || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
