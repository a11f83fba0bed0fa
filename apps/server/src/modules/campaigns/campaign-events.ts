/** Live events of one campaign between instances: Stop Campaign reaches the sender at once. */
export type CampaignChannelMessage = { kind: 'stop' };

export function campaignChannel(campaignId: string) {
  return `campaign:${campaignId}`;
}

/** The queue of campaign sends. */
export const CAMPAIGN_SEND_QUEUE = 'campaign-send';

/**
 * The send job's id for the campaign as it is now: the same while it waits to be taken (a start,
 * the start-up pass and every scheduler pass queue it once), a new one once a job has claimed or
 * released it (a claim sets the lease, a pause or a shutdown writes it). Made of the campaign id,
 * so the queue never holds two jobs of one campaign's state; no ':' (BullMQ refuses it in ids).
 */
export function campaignJobId(row: { id: string; updatedAt: Date; leaseExpiresAt: Date | null }) {
  return `${row.id}-${row.updatedAt.getTime()}-${row.leaseExpiresAt?.getTime() ?? 0}`;
}
