import { DEMO_FAKE_CLOCK, demoLimits, demoMessages, trimDemoHistory } from '@agentry/core/demo-rules';

/** docs/product/demos.md#settings, Demo chat message (local) and the rules of the demo chat (docs/product/demos.md#chatting, docs/product/demos.md#texts). */

export type DemoChatMessage = {
  id: string;
  type: 'bot' | 'user';
  content: string;
  /** Bot messages show a fake clock (docs/product/demos.md#settings). */
  timestamp: string;
  /** The welcome message: shown, never sent as history. */
  isWelcome?: boolean;
  /** The typing placeholder while an answer is on its way. */
  isTyping?: boolean;
  isError?: boolean;
  /** The request-limit notice: the conversation is over (docs/product/demos.md#request-limit). */
  isLimit?: boolean;
};

export type DemoHistoryEntry = { role: 'user' | 'assistant'; content: string };

export const FAKE_BOT_CLOCK = DEMO_FAKE_CLOCK;
export const WELCOME_MESSAGE_ID = 'welcome';

/**
 * History for the server: no welcome message, no typing placeholder or error bubble, no empty
 * contents; and only the newest messages it takes (with the new message, at most
 * `demoLimits.historyMessages`; at most `demoLimits.historyChars` characters: trimDemoHistory), so a long
 * conversation goes on.
 */
export function toDemoHistory(messages: readonly DemoChatMessage[]): DemoHistoryEntry[] {
  const entries = messages
    .filter(
      (message) =>
        !message.isWelcome &&
        !message.isTyping &&
        !message.isError &&
        !message.isLimit &&
        message.content.trim() !== '',
    )
    .map((message): DemoHistoryEntry => ({
      role: message.type === 'user' ? 'user' : 'assistant',
      content: message.content,
    }));
  return trimDemoHistory(entries);
}

/** The welcome message as shown: following the settings live, or nothing when disabled or blank. */
export function buildWelcomeMessage(settings: {
  showWelcomeMessage: boolean;
  welcomeMessage: string;
}): DemoChatMessage | null {
  if (!settings.showWelcomeMessage || settings.welcomeMessage.trim() === '') return null;
  return {
    id: WELCOME_MESSAGE_ID,
    type: 'bot',
    content: settings.welcomeMessage,
    timestamp: FAKE_BOT_CLOCK,
    isWelcome: true,
  };
}

export function hasUserMessage(messages: readonly DemoChatMessage[]) {
  return messages.some((message) => message.type === 'user');
}

/**
 * What the chat shows: while no user message exists the welcome message follows the settings
 * live; after the first user message the conversation (with the welcome it started from) stands.
 */
export function visibleDemoMessages(
  messages: readonly DemoChatMessage[],
  welcome: DemoChatMessage | null,
): DemoChatMessage[] {
  if (hasUserMessage(messages)) return [...messages];
  return welcome ? [welcome] : [];
}

/** Demo types whose chat shows the failure inline as 'Error: {message}' instead of the toast and apology. */
const INLINE_ERROR_TYPES = new Set(['sms', 'standard']);

export type DemoChatFailure = {
  /** The text of the bot bubble that replaces the typing placeholder. */
  bubble: string;
  /** The toast to show, or null. */
  toast: string | null;
  /** Retrying cannot help (the request limit is reached): the input is disabled for good. */
  closesChat: boolean;
};

/**
 * The error code of the demo's own request limit. The per-network limit ('RATE_LIMITED') is a 429
 * too, but a later message goes through, so only this code ends the conversation.
 */
export const DEMO_LIMIT_CODE = 'DEMO_LIMIT_REACHED';

/**
 * docs/product/demos.md#texts, Demo chat: what a failed turn shows, per demo type, from the server's
 * error code. The request limit is not an error a retry fixes: every type says the limit text once,
 * as it is, and closes the chat. Anything else (a per-network rate limit included) is a failure.
 */
export function describeDemoChatFailure(
  type: string,
  message: string | null | undefined,
  code: string | null = null,
): DemoChatFailure {
  if (code === DEMO_LIMIT_CODE) return { bubble: demoMessages.limitReached, toast: null, closesChat: true };
  const text = message?.trim() ? message.trim() : demoMessages.failedConnect;
  if (INLINE_ERROR_TYPES.has(type)) return { bubble: `Error: ${text}`, toast: null, closesChat: false };
  return { bubble: demoMessages.botError, toast: text, closesChat: false };
}

export const LIMIT_NOTICE_ID = 'limit-notice';

/** The conversation plus, when the limit is reached and nothing said so yet, the limit notice at its end. */
export function withLimitNotice(messages: DemoChatMessage[], isLimitReached: boolean): DemoChatMessage[] {
  if (!isLimitReached || messages.some((message) => message.isLimit)) return messages;
  return [
    ...messages,
    {
      id: LIMIT_NOTICE_ID,
      type: 'bot',
      content: demoMessages.limitReached,
      timestamp: FAKE_BOT_CLOCK,
      isLimit: true,
    },
  ];
}

/**
 * docs/product/demos.md#texts: the message of a failed /api/demo-chat answer. Of the 429s only the
 * demo's request limit says the limit text; a per-network rate limit says the server's text.
 */
export function describeDemoChatHttpFailure(
  status: number,
  serverMessage: string | null | undefined,
  code: string | null = null,
): string {
  if (code === DEMO_LIMIT_CODE) return demoMessages.limitReached;
  if (status === 404) return demoMessages.notFound;
  return serverMessage?.trim() ? serverMessage.trim() : demoMessages.failedResponse;
}

export const DEFAULT_BUBBLE_DELAY_SECONDS = demoLimits.chatBubbleDelaySeconds.default;

/** docs/product/demos.md#settings: the demo chat bubble delay falls back to 2 when not numeric. */
export function parseBubbleDelaySeconds(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? number : DEFAULT_BUBBLE_DELAY_SECONDS;
}

/** Enter sends; Shift+Enter (and Enter while an IME composes) does not. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }) {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/**
 * docs/product/demos.md#looks-demo-types: the standard demo shares its /shared link; the other types the page being
 * looked at, unless that page is private (the creator's signed-in preview, the editor): a client must never get a
 * link that asks them to sign in, so those share the /shared link too.
 */
export function demoShareLink(options: { type: string; demoId: string; origin: string; currentHref: string }) {
  if (options.type === 'standard' || !isPublicDemoPage(options.currentHref, options.origin))
    return sharedDemoUrl(options.origin, options.demoId);
  return options.currentHref;
}

function isPublicDemoPage(href: string, origin: string) {
  try {
    const url = new URL(href, origin);
    return url.origin === origin && url.pathname.startsWith('/shared/');
  } catch {
    return false;
  }
}

export function sharedDemoUrl(origin: string, demoId: string) {
  return `${origin}/shared/${encodeURIComponent(demoId)}`;
}
