import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Play, Square, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isCampaignFinished, renderCampaignMessage, type CampaignChannel } from '@agentry/core/campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  campaignKeys,
  campaignOptionsQuery,
  campaignQuery,
  deleteCampaign,
  recipientsQuery,
  repliesQuery,
  startCampaign,
  stopCampaign,
  type CampaignDetail,
} from '../api/campaigns-api';
import { CampaignCountTiles, CampaignProgress } from '../components/campaign-counts';
import { CampaignsFrame } from '../components/campaigns-frame';
import { ImportReportView, RecipientsImport } from '../components/recipients-import';
import { SegmentCount } from '../components/segment-count';
import {
  campaignsBasePath,
  channelLabels,
  formatDateTime,
  isCampaignLive,
  recipientStateLabels,
  statusLabels,
  statusVariants,
} from '../lib/campaign-format';
import { useCampaignArea } from '../lib/use-campaign-area';

/** `.../campaigns/:campaignId`: a draft's recipients and start, or a campaign's live progress, recipients and replies. */
export function CampaignDetailPage({ channel }: { channel: CampaignChannel }) {
  const { subaccountId, campaignId = '', canEdit } = useCampaignArea();
  const campaign = useQuery({
    ...campaignQuery(subaccountId, campaignId),
    refetchInterval: (query) => (query.state.data && isCampaignLive(query.state.data.status) ? 1000 : false),
  });
  const base = campaignsBasePath(subaccountId, channel);

  return (
    <CampaignsFrame channel={channel}>
      <Link to={base} className="text-sm text-muted-foreground hover:text-foreground">
        ← {channelLabels[channel]} campaigns
      </Link>
      {campaign.isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the campaign">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-20" />
          <Skeleton className="h-48" />
        </div>
      ) : campaign.isError ? (
        <ErrorState
          title="Failed to load the campaign"
          message={campaign.error.message}
          onRetry={() => void campaign.refetch()}
          isRetrying={campaign.isFetching}
        />
      ) : campaign.data ? (
        <CampaignDetailView campaign={campaign.data} subaccountId={subaccountId} base={base} canEdit={canEdit} />
      ) : null}
    </CampaignsFrame>
  );
}

function CampaignDetailView(props: { campaign: CampaignDetail; subaccountId: string; base: string; canEdit: boolean }) {
  const { campaign, subaccountId, base, canEdit } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isStopOpen, setIsStopOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
  const start = useMutation({
    mutationFn: () => startCampaign(subaccountId, campaign.id),
    onSuccess: async (started) => {
      await refresh();
      toast.success(started.status === 'scheduled' ? 'Campaign scheduled' : 'Campaign started');
    },
    onError: (error) => toast.error(error.message),
  });
  const stop = useMutation({
    mutationFn: () => stopCampaign(subaccountId, campaign.id),
    onSuccess: async () => {
      setIsStopOpen(false);
      await refresh();
      toast.success('Campaign stopped');
    },
    onError: async (error) => {
      setIsStopOpen(false);
      await refresh();
      toast.error(error.message);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteCampaign(subaccountId, campaign.id),
    onSuccess: async () => {
      await refresh();
      toast.success('Draft deleted');
      void navigate(base);
    },
    onError: (error) => toast.error(error.message),
  });
  const isDraft = campaign.status === 'draft';
  const schedule = campaign.scheduledAt
    ? `Starts ${campaign.scheduledAt.replace('T', ' ')} (${campaign.timeZone})`
    : 'Starts when you press Start';

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{campaign.name}</h1>
            <Badge variant={statusVariants[campaign.status]} data-testid="campaign-status">
              {statusLabels[campaign.status]}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {campaign.connectionName} · {campaign.sendRate} msg/s
            {campaign.quietHours ? ` · quiet ${campaign.quietHours.start}–${campaign.quietHours.end}` : ''} ·{' '}
            {isDraft ? schedule : formatDateTime(campaign.startedAt ?? campaign.startAt)}
          </p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            {isDraft ? (
              <>
                <Button asChild variant="outline">
                  <Link to={`${base}/${encodeURIComponent(campaign.id)}/edit`}>
                    <Pencil aria-hidden />
                    Edit
                  </Link>
                </Button>
                <Button variant="outline" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  <Trash2 aria-hidden />
                  Delete
                </Button>
                <Button onClick={() => start.mutate()} disabled={start.isPending || campaign.counts.total === 0}>
                  <Play aria-hidden />
                  {campaign.scheduledAt ? 'Schedule campaign' : 'Start campaign'}
                </Button>
              </>
            ) : null}
            {!isDraft && !isCampaignFinished(campaign.status) ? (
              <Button variant="destructive" onClick={() => setIsStopOpen(true)}>
                <Square aria-hidden />
                Stop Campaign
              </Button>
            ) : null}
          </div>
        ) : null}
      </header>

      <Dialog open={isStopOpen} onOpenChange={setIsStopOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Stop this campaign?</DialogTitle>
            <DialogDescription>
              No more messages are sent once you stop it, and it cannot be started again. Messages already sent stay
              sent, and the agent keeps answering replies.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep sending</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => stop.mutate()} disabled={stop.isPending}>
              Stop Campaign
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {isDraft ? (
        <DraftSections campaign={campaign} subaccountId={subaccountId} canEdit={canEdit} />
      ) : (
        <>
          <section aria-label="Progress" className="grid gap-3">
            <CampaignProgress counts={campaign.counts} />
            <CampaignCountTiles counts={campaign.counts} />
          </section>
          <RepliesSection campaign={campaign} subaccountId={subaccountId} />
          <RecipientsSection campaign={campaign} subaccountId={subaccountId} />
        </>
      )}
    </div>
  );
}

function DraftSections(props: { campaign: CampaignDetail; subaccountId: string; canEdit: boolean }) {
  const { campaign, subaccountId } = props;
  const options = useQuery(campaignOptionsQuery(subaccountId));
  const recipients = useQuery(recipientsQuery(subaccountId, campaign.id, 0));
  const [previewId, setPreviewId] = useState<string | null>(null);
  const list = recipients.data?.recipients ?? [];
  const chosen = list.find((entry) => entry.id === previewId) ?? list[0];
  const text = renderCampaignMessage(campaign.messageTemplate, chosen?.variables ?? { firstName: 'Alex' });

  return (
    <>
      <section className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6">
        <h2 className="text-base font-semibold">
          Recipients <span className="text-sm font-normal text-muted-foreground">({campaign.counts.total})</span>
        </h2>
        {campaign.importReport ? <ImportReportView report={campaign.importReport} /> : null}
        {props.canEdit ? (
          <RecipientsImport
            subaccountId={subaccountId}
            campaign={campaign}
            earlierContacts={options.data?.contactCounts[campaign.channel] ?? 0}
          />
        ) : null}
      </section>
      <section className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">Preview</h2>
          {list.length > 0 ? (
            <div className="w-full sm:w-72">
              <OptionSelect
                id="preview-contact"
                value={chosen?.id ?? ''}
                options={list.map((entry) => ({
                  value: entry.id,
                  label: `${entry.variables.firstName || 'No name'} · ${entry.address}`,
                }))}
                onValueChange={setPreviewId}
              />
              <label htmlFor="preview-contact" className="sr-only">
                Preview for contact
              </label>
            </div>
          ) : null}
        </div>
        <div
          className="max-w-sm justify-self-start whitespace-pre-wrap rounded-2xl rounded-bl-sm bg-muted px-4 py-2 text-sm"
          data-testid="message-preview"
        >
          {text || <span className="text-muted-foreground">The message is empty</span>}
        </div>
        {campaign.channel === 'sms' ? (
          <SegmentCount text={text} />
        ) : (
          <p className="text-xs text-muted-foreground">
            WhatsApp sends the approved template {campaign.contentSid ?? ''} with its variables filled per contact.
          </p>
        )}
        {list.length === 0 ? (
          <p className="text-xs text-muted-foreground">Import recipients to preview the message for each of them.</p>
        ) : null}
      </section>
    </>
  );
}

function RecipientsSection(props: { campaign: CampaignDetail; subaccountId: string }) {
  const { campaign, subaccountId } = props;
  const [offset, setOffset] = useState(0);
  const recipients = useQuery({
    ...recipientsQuery(subaccountId, campaign.id, offset),
    refetchInterval: isCampaignLive(campaign.status) ? 2000 : false,
  });
  // Polling stops when the campaign finishes; read the list once more so the last sends show.
  const { refetch } = recipients;
  useEffect(() => {
    if (isCampaignFinished(campaign.status)) void refetch();
  }, [campaign.status, refetch]);
  const total = recipients.data?.total ?? 0;
  return (
    <section className="grid gap-3" aria-labelledby="recipients-heading">
      <h2 id="recipients-heading" className="text-base font-semibold">
        Recipients
      </h2>
      {recipients.isLoading ? (
        <Skeleton className="h-40" />
      ) : recipients.isError ? (
        <ErrorState message={recipients.error.message} onRetry={() => void recipients.refetch()} />
      ) : (
        <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Contact
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  State
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Sent
                </th>
              </tr>
            </thead>
            <tbody>
              {recipients.data?.recipients.map((entry) => (
                <tr key={entry.id} className="border-t border-border">
                  <td className="px-3 py-2">
                    <span className="block">{entry.variables.firstName || entry.address}</span>
                    {entry.variables.firstName ? (
                      <span className="block text-xs text-muted-foreground">{entry.address}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {recipientStateLabels[entry.state] ?? entry.state}
                    {entry.deliveryStatus === 'delivered' || entry.deliveryStatus === 'read' ? ' · delivered' : ''}
                    {entry.repliedAt ? ' · replied' : ''}
                    {entry.error && entry.state === 'failed' ? (
                      <span className="block text-xs text-destructive">{entry.error}</span>
                    ) : null}
                  </td>
                  <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">
                    {formatDateTime(entry.sentAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > 50 ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - 50))}
          >
            Previous
          </Button>
          <span className="tabular-nums text-muted-foreground">
            {offset + 1}–{Math.min(total, offset + 50)} of {total}
          </span>
          <Button variant="outline" size="sm" disabled={offset + 50 >= total} onClick={() => setOffset(offset + 50)}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}

const roleLabels = { user: 'Contact', assistant: 'Agent', human: 'Team', campaign: 'Campaign' } as const;

function RepliesSection(props: { campaign: CampaignDetail; subaccountId: string }) {
  const { campaign, subaccountId } = props;
  const replies = useQuery({
    ...repliesQuery(subaccountId, campaign.id),
    refetchInterval: campaign.status === 'completed' || campaign.status === 'stopped' ? 5000 : 2000,
  });
  return (
    <section className="grid gap-3" aria-labelledby="replies-heading">
      <h2 id="replies-heading" className="text-base font-semibold">
        Replies
      </h2>
      {replies.isLoading ? (
        <Skeleton className="h-24" />
      ) : replies.isError ? (
        <ErrorState message={replies.error.message} onRetry={() => void replies.refetch()} />
      ) : !replies.data || replies.data.replies.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          No replies yet. When a contact answers, the agent replies and the conversation shows here.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Replies">
          {replies.data.replies.map((thread) => (
            <li
              key={thread.contactId}
              className="grid gap-2 rounded-[var(--radius-card)] border border-border bg-card p-4"
            >
              <p className="text-sm font-medium">
                {thread.firstName || thread.address}
                {thread.firstName ? <span className="ml-2 text-xs text-muted-foreground">{thread.address}</span> : null}
              </p>
              <ol className="grid gap-2">
                {thread.messages.map((message, index) => (
                  <li
                    key={index}
                    className={
                      message.role === 'user'
                        ? 'max-w-[85%] justify-self-start rounded-2xl rounded-bl-sm bg-muted px-3 py-2 text-sm'
                        : 'max-w-[85%] justify-self-end rounded-2xl rounded-br-sm bg-primary/15 px-3 py-2 text-sm'
                    }
                  >
                    <span className="block text-[11px] text-muted-foreground">{roleLabels[message.role]}</span>
                    <span className="whitespace-pre-wrap">{message.content}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
