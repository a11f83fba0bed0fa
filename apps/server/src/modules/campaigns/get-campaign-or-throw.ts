import { and, eq } from 'drizzle-orm';
import type { CampaignChannel } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { campaign } from './campaigns.tables';

export function campaignNotFound(channel: CampaignChannel = 'sms') {
  return new AppError(channel === 'whatsapp' ? 'WHATSAPP_CAMPAIGN_NOT_FOUND' : 'SMS_CAMPAIGN_NOT_FOUND');
}

/** A campaign of this sub account; another tenant's looks missing (404). */
export async function getCampaignOrThrow(options: { db: Database; subaccountId: string; campaignId: string }) {
  const [row] = await options.db
    .select()
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.subaccountId, options.subaccountId)))
    .limit(1);
  if (!row) throw campaignNotFound();
  return row;
}
