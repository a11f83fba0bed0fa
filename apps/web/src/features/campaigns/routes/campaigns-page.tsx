import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { CampaignChannel } from '@agentry/core/campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { campaignsQuery } from '../api/campaigns-api';
import { CampaignCountTiles, CampaignProgress } from '../components/campaign-counts';
import { CampaignsFrame } from '../components/campaigns-frame';
import {
  campaignsBasePath,
  channelLabels,
  formatDateTime,
  isCampaignLive,
  statusLabels,
  statusVariants,
} from '../lib/campaign-format';
import { useCampaignArea } from '../lib/use-campaign-area';

/** `/:connectId/sms/campaigns`, `/:connectId/whatsapp/campaigns`: the channel's campaigns with live counts. */
export function CampaignsPage({ channel }: { channel: CampaignChannel }) {
  const { subaccountId, canEdit } = useCampaignArea();
  const campaigns = useQuery({
    ...campaignsQuery(subaccountId, channel),
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((campaign) => isCampaignLive(campaign.status)) ? 1500 : false,
  });
  const base = campaignsBasePath(subaccountId, channel);
  const newButton = canEdit ? (
    <Button asChild>
      <Link to={`${base}/new`}>
        <Plus aria-hidden />
        Create New Campaign
      </Link>
    </Button>
  ) : null;

  return (
    <CampaignsFrame channel={channel}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{channelLabels[channel]} campaigns</h1>
          <p className="text-sm text-muted-foreground">
            Send one message to many contacts; the agent answers their replies.
          </p>
        </div>
        {campaigns.data && campaigns.data.campaigns.length > 0 ? newButton : null}
      </div>
      {campaigns.isLoading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading campaigns">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-24 rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : campaigns.isError ? (
        <ErrorState
          title="Failed to load campaigns"
          message={campaigns.error.message}
          onRetry={() => void campaigns.refetch()}
          isRetrying={campaigns.isFetching}
        />
      ) : !campaigns.data || campaigns.data.campaigns.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title="No campaigns yet"
          description={`Import contacts from a CSV file, write a message with their names in it and send it over ${channelLabels[channel]} at the pace you choose. Replies go to your agent.`}
          action={newButton}
        />
      ) : (
        <ul aria-label="Campaigns" className="grid gap-2">
          {campaigns.data.campaigns.map((campaign) => (
            <li key={campaign.id}>
              <Link
                to={`${base}/${encodeURIComponent(campaign.id)}`}
                className="grid gap-3 rounded-[var(--radius-card)] border border-border bg-card px-4 py-3 transition-colors duration-150 hover:border-primary/60 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{campaign.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {campaign.connectionName} · {formatDateTime(campaign.startAt ?? campaign.createdAt)}
                    </span>
                  </span>
                  <Badge variant={statusVariants[campaign.status]}>{statusLabels[campaign.status]}</Badge>
                </span>
                {campaign.status === 'draft' ? (
                  <span className="text-xs text-muted-foreground">{campaign.counts.total} recipients</span>
                ) : (
                  <>
                    <CampaignProgress counts={campaign.counts} />
                    <CampaignCountTiles counts={campaign.counts} compact />
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </CampaignsFrame>
  );
}
