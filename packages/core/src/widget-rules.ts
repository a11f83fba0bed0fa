import type { MinimizedSize } from './widget';

/**
 * The widget's pure business rules (docs/product/widget.md#settings, docs/product/widget.md#in-the-visitors-browser), shared by the designer, the
 * iframe app and the demo pages. Deliberately free of zod and of runtime imports from widget.ts:
 * the iframe app bundles this file and must stay under its 40 KB budget.
 */

export const WIDGET_SESSION_MS = 3_600_000;
export const WIDGET_SESSION_CHECK_MS = 60_000;
export const MAX_SAVED_CONVERSATIONS = 10;
export const SAVED_CONVERSATIONS_VERSION = 1;
export const WIDGET_SESSION_VERSION = 1;
export const MOBILE_BREAKPOINT = 1024;
export const RESIZE_ANIMATION_MS = 220;

const widthRange = { min: 300, max: 600 };
const heightRange = { min: 300, max: 700 };
const popupDelayRange = { min: 1, max: 500 };

function clampNumberInput(input: string | number, current: number, min: number, max: number): number {
  const value = typeof input === 'number' ? input : Number(String(input).trim());
  if (String(input).trim() === '' || !Number.isFinite(value)) return current;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Widget width 300-600 px; a non-numeric entry keeps the current value. */
export function clampWidgetWidth(input: string | number, current: number): number {
  return clampNumberInput(input, current, widthRange.min, widthRange.max);
}

/** Widget height 300-700 px; a non-numeric entry keeps the current value. */
export function clampWidgetHeight(input: string | number, current: number): number {
  return clampNumberInput(input, current, heightRange.min, heightRange.max);
}

/** Popup delay on blur: clamped to 1-500 seconds; empty or invalid becomes 1. */
export function clampPopupDelay(input: string | number): number {
  return clampNumberInput(input, popupDelayRange.min, popupDelayRange.min, popupDelayRange.max);
}

/** 3- or 6-digit hex with or without '#' -> '#rrggbb' (lower case); anything else is returned unchanged. */
export function normalizeHexColor(input: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!match?.[1]) return input;
  const digits = match[1].toLowerCase();
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full}`;
}

/** Minimized size from pixels: up to 55 small, up to 72 medium, otherwise large. */
export function minimizedSizeFromPixels(pixels: number): MinimizedSize {
  if (pixels <= 55) return 'small';
  if (pixels <= 72) return 'medium';
  return 'large';
}

/** Launcher diameters (56 on mobile whatever the size). */
export const launcherPixels: Record<MinimizedSize, number> = { small: 48, medium: 64, large: 80 };
export const MOBILE_LAUNCHER_PIXELS = 56;
/** Logo inside the minimized launcher. */
export const minimizedLogoPixels: Record<MinimizedSize, number> = { small: 28, medium: 36, large: 44 };

export function launcherSizeFor(size: MinimizedSize, isMobile: boolean): number {
  return isMobile ? MOBILE_LAUNCHER_PIXELS : launcherPixels[size];
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const monthMs = 30 * dayMs;

/** Short relative-time badge: 'now', Nm, Nh, Nd, Nmo. */
export function relativeTimeBadge(timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < minuteMs) return 'now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)}m`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h`;
  if (elapsed < monthMs) return `${Math.floor(elapsed / dayMs)}d`;
  return `${Math.floor(elapsed / monthMs)}mo`;
}

/** Text form: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (under 7 days), then a date. */
export function relativeTimeText(timestamp: number, now: number, locale = 'en'): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < minuteMs) return 'Just now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)}m ago`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h ago`;
  if (elapsed < 7 * dayMs) return `${Math.floor(elapsed / dayMs)}d ago`;
  return new Date(timestamp).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export const PREVIEW_STORED_CHARS = 50;
export const PREVIEW_SHOWN_CHARS = 45;

/** Markdown markers out of a preview: link labels stay, emphasis and code marks go. */
export function plainPreviewText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/```/g, '')
    .replace(/[*`]+/g, '')
    .replace(/^\s*#{1,6}\s+/gm, '')
    .replace(/^\s*[-+]\s+/gm, '');
}

function cutText(text: string, length: number): string {
  const flat = plainPreviewText(text).replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

/** The lastMessage stored with a saved conversation: 50 characters plus an ellipsis. */
export function storedPreview(text: string): string {
  return cutText(text, PREVIEW_STORED_CHARS);
}

/** What the history list shows: 45 characters plus an ellipsis. */
export function shownPreview(text: string): string {
  return cutText(text.replace(/\.\.\.$/, ''), PREVIEW_SHOWN_CHARS);
}

export type WidgetMessageSender = 'user' | 'agent';
export type WidgetChatMessage = { id: string; content: string; sender: WidgetMessageSender; timestamp: number };

/** Saved conversation (docs/product/widget.md#in-the-visitors-browser), one entry in the per-widget history. */
export type SavedConversation = {
  id: string;
  timestamp: number;
  lastMessage: string;
  messageCount: number;
  messages: WidgetChatMessage[];
  widgetTitle: string;
  aiName: string;
  openAIThreadId: string | null;
  dbThreadId: string | null;
};

export type SavedConversationsEnvelope = {
  conversations: SavedConversation[];
  maxConversations: number;
  version: number;
};

/** Archive rule: more than 1 message and at least one user message. */
export function shouldArchiveChat(messages: readonly { sender: string }[]): boolean {
  return messages.length > 1 && messages.some((message) => message.sender === 'user');
}

/** Suggested replies are visible only while the chat has exactly one message. */
export function shouldShowSuggestedReplies(messageCount: number, suggestions: readonly string[]): boolean {
  return messageCount === 1 && suggestions.length > 0;
}

function firstContent(conversation: SavedConversation): string {
  return conversation.messages[0]?.content ?? '';
}

function lastContent(conversation: SavedConversation): string {
  return conversation.messages[conversation.messages.length - 1]?.content ?? '';
}

/** Two history entries are the same conversation when they share a thread id, a database thread id, or count + first + last message. */
export function isSameConversation(a: SavedConversation, b: SavedConversation): boolean {
  if (a.id === b.id) return true;
  if (a.openAIThreadId && a.openAIThreadId === b.openAIThreadId) return true;
  if (a.dbThreadId && a.dbThreadId === b.dbThreadId) return true;
  return a.messageCount === b.messageCount && firstContent(a) === firstContent(b) && lastContent(a) === lastContent(b);
}

/** Keeps the first (newest) entry of every group of duplicates. */
export function dedupeConversations(conversations: readonly SavedConversation[]): SavedConversation[] {
  const kept: SavedConversation[] = [];
  for (const conversation of conversations) {
    if (!kept.some((other) => isSameConversation(other, conversation))) kept.push(conversation);
  }
  return kept;
}

/** Newest first, de-duplicated, at most 10. */
export function normalizeConversations(conversations: readonly SavedConversation[]): SavedConversation[] {
  const sorted = [...conversations].sort((a, b) => b.timestamp - a.timestamp);
  return dedupeConversations(sorted).slice(0, MAX_SAVED_CONVERSATIONS);
}

export function buildConversationsEnvelope(conversations: readonly SavedConversation[]): SavedConversationsEnvelope {
  return {
    conversations: normalizeConversations(conversations),
    maxConversations: MAX_SAVED_CONVERSATIONS,
    version: SAVED_CONVERSATIONS_VERSION,
  };
}

/** Adds (or replaces the duplicate of) a conversation and returns the new envelope. */
export function upsertConversation(
  envelope: SavedConversationsEnvelope | null,
  conversation: SavedConversation,
): SavedConversationsEnvelope {
  const others = (envelope?.conversations ?? []).filter((other) => !isSameConversation(other, conversation));
  return buildConversationsEnvelope([conversation, ...others]);
}

/** Reads a stored envelope, tolerating garbage and other versions (which are dropped). */
export function parseConversationsEnvelope(raw: string | null): SavedConversationsEnvelope {
  const empty = buildConversationsEnvelope([]);
  if (!raw) return empty;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return empty;
    const record = value as Partial<SavedConversationsEnvelope>;
    if (record.version !== SAVED_CONVERSATIONS_VERSION || !Array.isArray(record.conversations)) return empty;
    return buildConversationsEnvelope(record.conversations.filter(isSavedConversation));
  } catch {
    return empty;
  }
}

function isSavedConversation(value: unknown): value is SavedConversation {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<SavedConversation>;
  return typeof record.id === 'string' && typeof record.timestamp === 'number' && Array.isArray(record.messages);
}

/** A session is valid for 1 hour since its last activity. */
export function isSessionValid(lastActivity: number, now: number): boolean {
  return Number.isFinite(lastActivity) && now - lastActivity < WIDGET_SESSION_MS && now >= lastActivity - 60_000;
}

function channel(value: number): number {
  const scaled = value / 255;
  return scaled <= 0.039_28 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const normalized = normalizeHexColor(hex);
  if (!/^#[0-9a-f]{6}$/.test(normalized)) return 0;
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(normalized.slice(start, start + 2), 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** Black or white text on the theme colour, whichever contrasts more (DESIGN.md: never assume). */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const light = luminance(background);
  const contrastWithWhite = 1.05 / (light + 0.05);
  const contrastWithBlack = (light + 0.05) / 0.05;
  return contrastWithWhite >= contrastWithBlack ? '#ffffff' : '#000000';
}
