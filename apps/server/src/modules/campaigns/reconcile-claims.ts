import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { MessagingProvider } from '../channels/messaging-provider';
import { campaignRecipient, type campaign } from './campaigns.tables';
import { recordCampaignSends } from './record-campaign-send';
import { toOutboundMessage } from './to-outbound-message';

/** A claim's send may reach the provider's log a little before the claim's own clock. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Claims a crash left behind (taken, result never written): each one is looked up in the
 * provider's own log of messages to that number since the claim. Found: recorded as sent with
 * the provider's id. Not found: queued again, to be sent once.
 */
export async function reconcileClaims(options: {
  db: Database;
  provider: MessagingProvider;
  campaign: typeof campaign.$inferSelect;
  log: FastifyBaseLogger;
}): Promise<{ recovered: number; requeued: number }> {
  const { db, provider } = options;
  const claims = await db
    .select()
    .from(campaignRecipient)
    .where(and(eq(campaignRecipient.campaignId, options.campaign.id), eq(campaignRecipient.state, 'claimed')));
  let recovered = 0;
  let requeued = 0;
  for (const claim of claims) {
    const message = toOutboundMessage(options.campaign, claim);
    const since = new Date((claim.claimedAt ?? new Date(0)).getTime() - CLOCK_SKEW_MS);
    const log = await provider.listSent({ channel: message.channel, to: claim.address, since });
    // SMS: the same text. WhatsApp templates are rendered by the provider, so any message since the claim counts.
    const match = log.find((entry) => (message.contentSid ? true : entry.body === message.body));
    if (match) {
      await recordCampaignSends({
        db,
        logger: options.log,
        campaign: options.campaign,
        sends: [
          {
            recipient: claim,
            sent: { providerMessageId: match.providerMessageId, status: match.status },
            body: message.body,
            sentAt: match.sentAt,
          },
        ],
      });
      recovered += 1;
    } else {
      await db
        .update(campaignRecipient)
        .set({ state: 'queued', claimedAt: null })
        .where(and(eq(campaignRecipient.id, claim.id), eq(campaignRecipient.state, 'claimed')));
      requeued += 1;
    }
  }
  if (claims.length > 0) options.log.info({ recovered, requeued }, 'reconciled interrupted campaign claims');
  return { recovered, requeued };
}
