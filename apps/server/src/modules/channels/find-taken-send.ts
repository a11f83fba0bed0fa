import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { channelMessage } from './channels.tables';
import type { MessagingProvider, ProviderLogEntry } from './messaging-provider';

/** The provider's log may date a send a little before our own clock did. */
const CLOCK_SKEW_MS = 5_000;

/**
 * A send the provider never answered (a timeout, a dropped connection) may have been taken all
 * the same: the provider's log of this connection's messages to that number since the send is
 * read, and the newest one with the same text that no stored message claims yet is it. Null when
 * the log has none (or cannot be read): the send is then stored as not sent.
 */
export async function findTakenSend(options: {
  db: Database;
  provider: MessagingProvider;
  channel: 'sms' | 'whatsapp';
  to: string;
  body: string;
  since: Date;
}): Promise<ProviderLogEntry | null> {
  const log = await options.provider.listSent({
    channel: options.channel,
    to: options.to,
    since: new Date(options.since.getTime() - CLOCK_SKEW_MS),
  });
  const since = options.since.getTime() - CLOCK_SKEW_MS;
  const candidates = log.filter((entry) => entry.body === options.body && entry.sentAt.getTime() >= since);
  if (candidates.length === 0) return null;
  const claimed = await options.db
    .select({ id: channelMessage.providerMessageId })
    .from(channelMessage)
    .where(
      inArray(
        channelMessage.providerMessageId,
        candidates.map((entry) => entry.providerMessageId),
      ),
    );
  const claimedIds = new Set(claimed.map((row) => row.id));
  // The log is newest first.
  return candidates.find((entry) => !claimedIds.has(entry.providerMessageId)) ?? null;
}
