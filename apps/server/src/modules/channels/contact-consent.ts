import { and, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ChannelKind } from '@agentry/core/channels';
import type { Database } from '../../platform/db/database';
import { channelContact } from './channels.tables';

/**
 * Carrier keywords (docs/product/channels.md#keywords). A message that is exactly one of them
 * (any case, surrounding spaces and punctuation ignored) changes the contact's consent.
 */
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);
const HELP = new Set(['HELP', 'INFO']);

export type ConsentKeyword = 'opt-out' | 'opt-in' | 'help';

export function readConsentKeyword(body: string): ConsentKeyword | undefined {
  const word = body
    .trim()
    .replace(/[\s.!?]+$/u, '')
    .toUpperCase();
  if (OPT_OUT.has(word)) return 'opt-out';
  if (OPT_IN.has(word)) return 'opt-in';
  if (HELP.has(word)) return 'help';
  return undefined;
}

/** What the connection answers to each keyword (Twilio's own defaults are similar). */
export function consentReply(keyword: ConsentKeyword, senderName: string): string {
  if (keyword === 'opt-out')
    return `You have been unsubscribed from ${senderName} and will not receive any more messages. Reply START to resubscribe.`;
  if (keyword === 'opt-in') return `You have been resubscribed to ${senderName}. Reply STOP to unsubscribe.`;
  return `${senderName}: reply to this message to chat with us. Reply STOP to unsubscribe.`;
}

/**
 * True when this address opted out of this connection's channel, for a single send. Campaigns
 * check whole batches with `hasOptedOut` instead: when they claim recipients, and again right
 * before sending them (a STOP can come while a claimed batch waits for its turn).
 */
export async function isOptedOut(options: {
  db: Database;
  connectionId: string;
  channel: ChannelKind;
  address: string;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ id: channelContact.id })
    .from(channelContact)
    .where(
      and(
        eq(channelContact.connectionId, options.connectionId),
        eq(channelContact.channel, options.channel),
        eq(channelContact.address, options.address),
        isNotNull(channelContact.optedOutAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** SQL: the contact with this id (a column, for one statement over many recipients) opted out. */
export function hasOptedOut(contactId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${channelContact} where ${channelContact.id} = ${contactId} and ${channelContact.optedOutAt} is not null)`;
}

export async function canMessage(options: Parameters<typeof isOptedOut>[0]): Promise<boolean> {
  return !(await isOptedOut(options));
}

/** WhatsApp's customer-service window: free-form messages only within 24 hours of the contact's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export function isWithinWhatsAppWindow(lastInboundAt: Date | null, now: Date = new Date()): boolean {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
}
