import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Campaign, CampaignChannel } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { channelConnection } from '../channels/channels.tables';
import { campaign } from './campaigns.tables';
import { countRecipients } from './count-recipients';
import { toCampaign } from './to-campaign';

/** The sub account's campaigns on one channel, newest first, with their counts. */
export async function listCampaigns(options: {
  db: Database;
  subaccountId: string;
  channel?: CampaignChannel;
  campaignIds?: string[];
}): Promise<Campaign[]> {
  const { db } = options;
  const rows = await db
    .select({ row: campaign, connectionName: channelConnection.name })
    .from(campaign)
    .innerJoin(channelConnection, eq(channelConnection.id, campaign.connectionId))
    .where(
      and(
        eq(campaign.subaccountId, options.subaccountId),
        options.channel ? eq(campaign.channel, options.channel) : undefined,
        options.campaignIds ? inArray(campaign.id, options.campaignIds) : undefined,
      ),
    )
    .orderBy(desc(campaign.createdAt))
    .limit(200);
  const counts = await countRecipients(
    db,
    rows.map(({ row }) => row.id),
  );
  return rows.map(({ row, connectionName }) => toCampaign(row, connectionName, counts.get(row.id)));
}
