import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  campaignLimits,
  CampaignSettingsBody,
  type Campaign,
  type CampaignChannel,
  type CampaignOptionsReply,
} from '@agentry/core/campaigns';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError, Input, Label } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import {
  campaignKeys,
  campaignOptionsQuery,
  campaignQuery,
  createCampaign,
  updateCampaign,
} from '../api/campaigns-api';
import { CampaignsFrame } from '../components/campaigns-frame';
import { SegmentCount } from '../components/segment-count';
import { browserTimeZone, campaignsBasePath, channelLabels, listTimeZones } from '../lib/campaign-format';
import { useCampaignArea } from '../lib/use-campaign-area';

type FormState = {
  name: string;
  connectionId: string;
  agentId: string;
  messageTemplate: string;
  contentSid: string;
  contentVariables: { key: string; value: string }[];
  schedule: 'now' | 'later';
  scheduledAt: string;
  timeZone: string;
  hasQuietHours: boolean;
  quietStart: string;
  quietEnd: string;
  sendRate: string;
};

const CONNECTION_AGENT = '__connection__';

function initialState(options: CampaignOptionsReply, campaign: Campaign | undefined): FormState {
  return {
    name: campaign?.name ?? '',
    connectionId: campaign?.connectionId ?? options.connections[0]?.id ?? '',
    agentId: campaign?.agentId ?? CONNECTION_AGENT,
    messageTemplate: campaign?.messageTemplate ?? 'Hi {{firstName}}, ',
    contentSid: campaign?.contentSid ?? '',
    contentVariables: Object.entries(campaign?.contentVariables ?? { '1': '{{firstName}}' }).map(([key, value]) => ({
      key,
      value,
    })),
    schedule: campaign?.scheduledAt ? 'later' : 'now',
    scheduledAt: campaign?.scheduledAt ?? '',
    timeZone: campaign?.timeZone ?? browserTimeZone(),
    hasQuietHours: Boolean(campaign?.quietHours),
    quietStart: campaign?.quietHours?.start ?? '21:00',
    quietEnd: campaign?.quietHours?.end ?? '08:00',
    sendRate: String(campaign?.sendRate ?? campaignLimits.sendRateDefault),
  };
}

/** `.../campaigns/new` and `.../campaigns/:campaignId/edit`: a draft's settings. */
export function CampaignFormPage({ channel }: { channel: CampaignChannel }) {
  const { subaccountId, campaignId } = useCampaignArea();
  const options = useQuery(campaignOptionsQuery(subaccountId));
  const existing = useQuery({ ...campaignQuery(subaccountId, campaignId ?? ''), enabled: Boolean(campaignId) });
  const base = campaignsBasePath(subaccountId, channel);
  const isLoading = options.isLoading || (Boolean(campaignId) && existing.isLoading);
  const error = options.error ?? existing.error;

  return (
    <CampaignsFrame channel={channel}>
      <div className="grid gap-1">
        <Link to={base} className="text-sm text-muted-foreground hover:text-foreground">
          ← {channelLabels[channel]} campaigns
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{campaignId ? 'Edit campaign' : 'New campaign'}</h1>
      </div>
      {isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
          <Skeleton className="h-10" />
        </div>
      ) : error ? (
        <ErrorState
          message={error.message}
          onRetry={() => {
            void options.refetch();
            if (campaignId) void existing.refetch();
          }}
        />
      ) : options.data && options.data.connections.length === 0 ? (
        <EmptyState
          icon={Radio}
          title="No SMS connection yet"
          description="Campaigns send through one of this account's SMS connections (Twilio or TEST MODE). Connect one in the SMS settings first."
          action={
            <Button asChild>
              <Link to={`/${encodeURIComponent(subaccountId)}/sms/connections`}>Set up a connection</Link>
            </Button>
          }
        />
      ) : options.data ? (
        <CampaignForm
          channel={channel}
          options={options.data}
          campaign={existing.data}
          subaccountId={subaccountId}
          base={base}
        />
      ) : null}
    </CampaignsFrame>
  );
}

function CampaignForm(props: {
  channel: CampaignChannel;
  options: CampaignOptionsReply;
  campaign: Campaign | undefined;
  subaccountId: string;
  base: string;
}) {
  const { channel, options, campaign, subaccountId, base } = props;
  const [state, setState] = useState(() => initialState(options, campaign));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((now) => ({ ...now, [key]: value }));
  const variables = [...new Set(['firstName', ...(campaign?.variables ?? [])])];

  const save = useMutation({
    mutationFn: async (body: CampaignSettingsBody) =>
      campaign ? updateCampaign(subaccountId, campaign.id, body) : createCampaign(subaccountId, { ...body, channel }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      toast.success(campaign ? 'Campaign saved' : 'Draft created: now add recipients');
      void navigate(`${base}/${encodeURIComponent(saved.id)}`);
    },
    onError: (error) => toast.error(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CampaignSettingsBody.safeParse({
      name: state.name,
      connectionId: state.connectionId,
      agentId: state.agentId === CONNECTION_AGENT ? null : state.agentId,
      messageTemplate: state.messageTemplate,
      contentSid: channel === 'whatsapp' ? state.contentSid.trim() || null : null,
      contentVariables:
        channel === 'whatsapp'
          ? Object.fromEntries(
              state.contentVariables.filter((entry) => entry.key).map((entry) => [entry.key, entry.value]),
            )
          : {},
      scheduledAt: state.schedule === 'later' ? state.scheduledAt || 'missing' : null,
      timeZone: state.timeZone,
      quietHours: state.hasQuietHours ? { start: state.quietStart, end: state.quietEnd } : null,
      sendRate: Number(state.sendRate),
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (channel === 'sms' && !state.messageTemplate.trim()) found.messageTemplate = 'Please enter a message';
    if (channel === 'whatsapp' && !state.contentSid.trim())
      found.contentSid = 'Please enter the Content SID of an approved WhatsApp template';
    if (state.schedule === 'later' && !state.scheduledAt) found.scheduledAt = 'Choose a start time';
    if (found.sendRate)
      found.sendRate = `Between ${campaignLimits.sendRateMin} and ${campaignLimits.sendRateMax} messages per second`;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    save.mutate(parsed.data);
  };

  const insertVariable = (name: string) => set('messageTemplate', `${state.messageTemplate}{{${name}}}`);
  const connection = options.connections.find((entry) => entry.id === state.connectionId);

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <section className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6">
        <div className="grid gap-2">
          <Label htmlFor="campaign-name">Campaign name</Label>
          <Input
            id="campaign-name"
            value={state.name}
            maxLength={campaignLimits.nameMaxChars}
            aria-invalid={Boolean(errors.name)}
            onChange={(event) => set('name', event.target.value)}
          />
          <FieldError>{errors.name}</FieldError>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="campaign-connection">Connection</Label>
            <OptionSelect
              id="campaign-connection"
              value={state.connectionId}
              options={options.connections.map((entry) => ({
                value: entry.id,
                label: entry.isTestMode ? `${entry.name} (TEST MODE)` : entry.name,
              }))}
              onValueChange={(value) => set('connectionId', value)}
            />
            {connection?.isTestMode ? (
              <p className="text-xs text-muted-foreground">
                TEST MODE: messages go to the phone simulator, nothing leaves this computer.
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="campaign-agent">Agent that answers replies</Label>
            <OptionSelect
              id="campaign-agent"
              value={state.agentId}
              options={[
                { value: CONNECTION_AGENT, label: "The connection's agent" },
                ...options.agents.map((entry) => ({ value: entry.id, label: entry.name })),
              ]}
              onValueChange={(value) => set('agentId', value)}
            />
          </div>
        </div>
      </section>

      <section className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6">
        <h2 className="text-base font-semibold">Message</h2>
        {channel === 'whatsapp' ? (
          <>
            <p className="text-sm text-muted-foreground">
              WhatsApp only lets a business start a conversation with an approved template. Enter the template's Content
              SID from Twilio and what fills each of its numbered variables.
            </p>
            <div className="grid gap-2">
              <Label htmlFor="campaign-content-sid">Content SID</Label>
              <Input
                id="campaign-content-sid"
                placeholder="HX…"
                value={state.contentSid}
                aria-invalid={Boolean(errors.contentSid)}
                onChange={(event) => set('contentSid', event.target.value)}
              />
              <FieldError>{errors.contentSid}</FieldError>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Template variables</legend>
              {state.contentVariables.map((entry, index) => (
                <div key={index} className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-center gap-2">
                  <Input
                    aria-label={`Variable ${index + 1} number`}
                    value={entry.key}
                    inputMode="numeric"
                    onChange={(event) =>
                      set(
                        'contentVariables',
                        state.contentVariables.map((item, at) =>
                          at === index ? { ...item, key: event.target.value.replace(/\D/g, '').slice(0, 2) } : item,
                        ),
                      )
                    }
                  />
                  <Input
                    aria-label={`Variable ${entry.key || index + 1} value`}
                    value={entry.value}
                    onChange={(event) =>
                      set(
                        'contentVariables',
                        state.contentVariables.map((item, at) =>
                          at === index ? { ...item, value: event.target.value } : item,
                        ),
                      )
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      set(
                        'contentVariables',
                        state.contentVariables.filter((_, at) => at !== index),
                      )
                    }
                  >
                    Remove
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() =>
                  set('contentVariables', [
                    ...state.contentVariables,
                    { key: String(state.contentVariables.length + 1), value: '' },
                  ])
                }
              >
                Add variable
              </Button>
            </fieldset>
          </>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="campaign-message">
            {channel === 'whatsapp' ? "Template text (for the preview and the agent's context)" : 'Message'}
          </Label>
          <Textarea
            id="campaign-message"
            rows={5}
            value={state.messageTemplate}
            maxLength={campaignLimits.messageMaxChars}
            aria-invalid={Boolean(errors.messageTemplate)}
            aria-describedby="campaign-message-help"
            onChange={(event) => set('messageTemplate', event.target.value)}
          />
          <FieldError>{errors.messageTemplate}</FieldError>
          <div id="campaign-message-help" className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-muted-foreground">Insert:</span>
            {variables.map((name) => (
              <Button key={name} type="button" variant="outline" size="sm" onClick={() => insertVariable(name)}>
                {`{{${name}}}`}
              </Button>
            ))}
            {!campaign ? (
              <span className="text-xs text-muted-foreground">
                Every CSV column becomes a variable after the import.
              </span>
            ) : null}
          </div>
          {channel === 'sms' ? <SegmentCount text={state.messageTemplate} /> : null}
        </div>
      </section>

      <section className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6">
        <h2 className="text-base font-semibold">Sending</h2>
        <div className="grid gap-2">
          <span className="text-sm font-medium" id="campaign-schedule-label">
            Start
          </span>
          <ToggleGroup
            type="single"
            aria-labelledby="campaign-schedule-label"
            value={state.schedule}
            onValueChange={(value) => {
              if (value === 'now' || value === 'later') set('schedule', value);
            }}
            className="justify-self-start"
          >
            <ToggleGroupItem value="now">As soon as I start it</ToggleGroupItem>
            <ToggleGroupItem value="later">At a set time</ToggleGroupItem>
          </ToggleGroup>
        </div>
        {state.schedule === 'later' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="campaign-start">Date and time</Label>
              <Input
                id="campaign-start"
                type="datetime-local"
                value={state.scheduledAt}
                aria-invalid={Boolean(errors.scheduledAt)}
                onChange={(event) => set('scheduledAt', event.target.value.slice(0, 16))}
              />
              <FieldError>{errors.scheduledAt}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="campaign-zone">Time zone</Label>
              <OptionSelect
                id="campaign-zone"
                value={state.timeZone}
                options={listTimeZones().map((zone) => ({ value: zone, label: zone }))}
                onValueChange={(value) => set('timeZone', value)}
              />
            </div>
          </div>
        ) : null}
        <div className="grid gap-3">
          <div className="flex items-center gap-3">
            <Switch
              id="campaign-quiet"
              checked={state.hasQuietHours}
              onCheckedChange={(checked) => set('hasQuietHours', checked)}
            />
            <Label htmlFor="campaign-quiet">Quiet hours (no messages between)</Label>
          </div>
          {state.hasQuietHours ? (
            <div className="grid grid-cols-2 gap-4 sm:max-w-md">
              <div className="grid gap-2">
                <Label htmlFor="campaign-quiet-start">From</Label>
                <Input
                  id="campaign-quiet-start"
                  type="time"
                  value={state.quietStart}
                  onChange={(event) => set('quietStart', event.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="campaign-quiet-end">Until</Label>
                <Input
                  id="campaign-quiet-end"
                  type="time"
                  value={state.quietEnd}
                  onChange={(event) => set('quietEnd', event.target.value)}
                />
              </div>
              <p className="col-span-2 text-xs text-muted-foreground">
                In the campaign's time zone ({state.timeZone}). Sending pauses and resumes by itself.
              </p>
              <FieldError>{errors.quietHours}</FieldError>
            </div>
          ) : null}
        </div>
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor="campaign-rate">Send rate (messages per second)</Label>
          <Input
            id="campaign-rate"
            type="number"
            min={campaignLimits.sendRateMin}
            max={campaignLimits.sendRateMax}
            value={state.sendRate}
            aria-invalid={Boolean(errors.sendRate)}
            onChange={(event) => set('sendRate', event.target.value)}
          />
          <FieldError>{errors.sendRate}</FieldError>
        </div>
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={campaign ? `${base}/${encodeURIComponent(campaign.id)}` : base}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {campaign ? 'Save' : 'Save and add recipients'}
        </Button>
      </div>
    </form>
  );
}
