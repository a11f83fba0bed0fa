import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database';
import { channelMessage } from '../channels/channels.tables';
import type { MessagingProvider, OutboundMessage, ProviderLogEntry } from '../channels/messaging-provider';
import { campaignRecipient, type campaign } from './campaigns.tables';
import { recordCampaignSends } from './record-campaign-send';
import { toOutboundMessage } from './to-outbound-message';

/** A claim's send may reach the provider's log a little before the claim's own clock. */
const CLOCK_SKEW_MS = 60_000;
/**
 * A WhatsApp template known by its time only: sent after its claim (the provider's log counts
 * whole seconds). An agent's reply of a minute before is not taken for it.
 */
const TEMPLATE_SKEW_MS = 5_000;

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
    const claimedAt = (claim.claimedAt ?? new Date(0)).getTime();
    const since = new Date(claimedAt - CLOCK_SKEW_MS);
    const log = await provider.listSent({ channel: message.channel, to: claim.address, since });
    const unclaimed = await dropStoredSends(
      db,
      log.filter((entry) => entry.sentAt >= since),
    );
    const match = findCampaignMessage(unclaimed, message, claimedAt);
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

/**
 * The log without messages already stored under their provider id: an agent's or a team member's
 * reply, another campaign's send. Every recorded campaign send is stored there too (with its
 * recipient, in one transaction), and the id is unique there.
 */
async function dropStoredSends(db: Database, log: ProviderLogEntry[]): Promise<ProviderLogEntry[]> {
  if (log.length === 0) return log;
  const stored = await db
    .select({ id: channelMessage.providerMessageId })
    .from(channelMessage)
    .where(
      inArray(
        channelMessage.providerMessageId,
        log.map((entry) => entry.providerMessageId),
      ),
    );
  const storedIds = new Set(stored.map((row) => row.id));
  return log.filter((entry) => !storedIds.has(entry.providerMessageId));
}

/**
 * The claim's own message, the first one since the claim: the same text as the campaign renders.
 * A WhatsApp template is rendered by the provider, so its text is that only when the campaign's
 * preview is the template's own; otherwise it is the first message sent since the claim that no
 * stored message accounts for.
 */
function findCampaignMessage(
  log: ProviderLogEntry[],
  message: OutboundMessage & { body: string },
  claimedAt: number,
): ProviderLogEntry | undefined {
  const oldestFirst = log.toSorted((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  const sameText = oldestFirst.find((entry) => entry.body === message.body);
  if (sameText || !message.contentSid) return sameText;
  return oldestFirst.find((entry) => entry.sentAt.getTime() >= claimedAt - TEMPLATE_SKEW_MS);
}
