/** Live events of one campaign between instances: Stop Campaign reaches the sender at once. */
export type CampaignChannelMessage = { kind: 'stop' };

export function campaignChannel(campaignId: string) {
  return `campaign:${campaignId}`;
}

/** The queue of campaign sends. */
export const CAMPAIGN_SEND_QUEUE = 'campaign-send';
