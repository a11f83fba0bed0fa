/**
 * Meta webhook deliveries (Messenger Platform and Instagram Messaging share the shape) turned
 * into the few events we act on. Anything else (reads, deliveries, reactions, unknown fields)
 * becomes nothing: ignored without error.
 */
export type MetaWebhookPayload = {
  object?: string;
  entry?: { id?: string; time?: number; messaging?: MetaMessagingEvent[] }[];
};

type MetaMessagingEvent = {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    app_id?: number | string;
    is_deleted?: boolean;
    quick_reply?: { payload?: string };
    reply_to?: { mid?: string; story?: { id?: string; url?: string } };
    attachments?: { type?: string; payload?: { url?: string } }[];
  };
  postback?: { mid?: string; title?: string; payload?: string };
  read?: unknown;
  delivery?: unknown;
};

export type MetaEvent =
  /** The customer wrote: text, a quick reply, a button (postback), a story reply or mention. */
  | { kind: 'inbound'; customerId: string; mid: string; text: string; at: Date }
  /** A message the Page sent (our own reply, or a team member from the Page inbox). */
  | { kind: 'echo'; customerId: string; mid: string; text: string; appId: string | null; at: Date };

const MAX_TEXT = 4000;

function inboundText(event: MetaMessagingEvent): string | null {
  if (event.postback) return event.postback.title?.trim() || event.postback.payload?.trim() || null;
  const message = event.message;
  if (!message || message.is_deleted) return null;
  const text = message.text?.trim() ?? '';
  if (message.reply_to?.story) return text ? `(Replying to your story) ${text}` : '(Replied to your story)';
  const attachments = message.attachments ?? [];
  if (attachments.some((attachment) => attachment.type === 'story_mention'))
    return text || '(Mentioned you in their story)';
  if (text) return text;
  if (message.quick_reply?.payload) return message.quick_reply.payload;
  const kinds = [...new Set(attachments.map((attachment) => attachment.type ?? 'file'))];
  return kinds.length > 0 ? `(Sent ${kinds.join(', ')})` : null;
}

export function parseMetaWebhook(payload: MetaWebhookPayload): MetaEvent[] {
  const events: MetaEvent[] = [];
  for (const entry of payload.entry ?? []) {
    for (const event of entry.messaging ?? []) {
      const at = new Date(typeof event.timestamp === 'number' ? event.timestamp : Date.now());
      if (event.message?.is_echo) {
        const customerId = event.recipient?.id;
        const mid = event.message.mid;
        if (!customerId || !mid) continue;
        events.push({
          kind: 'echo',
          customerId,
          mid,
          text: (event.message.text ?? '').slice(0, MAX_TEXT),
          appId: event.message.app_id === undefined ? null : String(event.message.app_id),
          at,
        });
        continue;
      }
      if (event.read || event.delivery) continue;
      const customerId = event.sender?.id;
      const text = inboundText(event);
      if (!customerId || !text) continue;
      const mid =
        event.message?.mid ?? event.postback?.mid ?? `postback:${customerId}:${event.timestamp ?? at.getTime()}`;
      events.push({ kind: 'inbound', customerId, mid, text: text.slice(0, MAX_TEXT), at });
    }
  }
  return events;
}
