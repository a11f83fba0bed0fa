import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaignMessages, zonedTimeToDate } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import type { LiveEvents } from '../../platform/events/live-events';
import type { JobQueue } from '../../platform/queue/job-queue';
import { AppError } from '../../platform/http/app-error';
import { campaign, campaignRecipient } from './campaigns.tables';
import { CAMPAIGN_SEND_QUEUE, campaignChannel, campaignJobId, type CampaignChannelMessage } from './campaign-events';

/**
 * Starts a draft: 'sending' now, or 'scheduled' for its start time (the scheduler starts it
 * then). It needs recipients and, on WhatsApp, an approved template.
 */
export async function startCampaign(options: {
  db: Database;
  queue: JobQueue;
  row: typeof campaign.$inferSelect;
  now?: Date;
}): Promise<void> {
  const { db, row } = options;
  const now = options.now ?? new Date();
  if (row.status !== 'draft') throw alreadyStartedError(row);
  if (row.channel === 'whatsapp' && !row.contentSid)
    throw new AppError('VALIDATION_ERROR', { message: campaignMessages.contentSidRequired });
  if (row.channel === 'sms' && !row.messageTemplate.trim())
    throw new AppError('VALIDATION_ERROR', { message: campaignMessages.messageRequired });
  const [recipients] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipient)
    .where(eq(campaignRecipient.campaignId, row.id));
  if (!recipients?.count) throw new AppError('VALIDATION_ERROR', { message: campaignMessages.noRecipients });
  const startAt = row.scheduledLocal ? zonedTimeToDate(row.scheduledLocal, row.timeZone) : now;
  if (row.scheduledLocal && startAt.getTime() <= now.getTime())
    throw new AppError('VALIDATION_ERROR', { message: campaignMessages.scheduleInPast });
  const status = row.scheduledLocal ? 'scheduled' : 'sending';
  const [updated] = await db
    .update(campaign)
    .set({ status, startAt, updatedAt: now })
    .where(and(eq(campaign.id, row.id), eq(campaign.status, 'draft')))
    .returning({ id: campaign.id, updatedAt: campaign.updatedAt, leaseExpiresAt: campaign.leaseExpiresAt });
  if (!updated) throw alreadyStartedError(row);
  // The id the scheduler gives it too while it waits for a worker: queued once.
  if (status === 'sending')
    await options.queue.enqueue(CAMPAIGN_SEND_QUEUE, { campaignId: row.id }, { jobId: campaignJobId(updated) });
}

function alreadyStartedError(row: typeof campaign.$inferSelect) {
  return new AppError('CONFLICT', {
    message: 'This campaign has already been started.',
    extra: { status: row.status },
  });
}

export function alreadyCompletedError(row: Pick<typeof campaign.$inferSelect, 'channel'>) {
  return new AppError(
    row.channel === 'whatsapp' ? 'WHATSAPP_CAMPAIGN_ALREADY_COMPLETED' : 'SMS_CAMPAIGN_ALREADY_COMPLETED',
  );
}

/**
 * Stop Campaign: no message leaves after it (the sender hears it at once through the live
 * events, or reads the status within a quarter second). A finished campaign answers
 * 'campaign already completed'.
 */
export async function stopCampaign(options: {
  db: Database;
  events: LiveEvents;
  row: typeof campaign.$inferSelect;
}): Promise<void> {
  const { db, row } = options;
  const [updated] = await db
    .update(campaign)
    .set({ status: 'stopped', finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(campaign.id, row.id), inArray(campaign.status, ['draft', 'scheduled', 'sending', 'paused'])))
    .returning({ id: campaign.id });
  if (!updated) throw alreadyCompletedError(row);
  await options.events.publish(campaignChannel(row.id), { kind: 'stop' } satisfies CampaignChannelMessage);
}
