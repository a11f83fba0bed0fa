import { describe, expect, it } from 'vitest';
import {
  buildConversationsEnvelope,
  clampPopupDelay,
  clampWidgetHeight,
  clampWidgetWidth,
  dedupeConversations,
  isSessionValid,
  launcherSizeFor,
  minimizedLogoPixels,
  minimizedSizeFromPixels,
  normalizeHexColor,
  parseConversationsEnvelope,
  readableTextColor,
  relativeTimeBadge,
  relativeTimeText,
  shouldArchiveChat,
  shouldShowSuggestedReplies,
  shownPreview,
  storedPreview,
  upsertConversation,
  type SavedConversation,
} from './widget-rules';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

function conversation(overrides: Partial<SavedConversation> & { id: string }): SavedConversation {
  const messages = overrides.messages ?? [
    { id: 'a', content: 'Hello! How can I help you today?', sender: 'agent' as const, timestamp: 1 },
    { id: 'b', content: `question ${overrides.id}`, sender: 'user' as const, timestamp: 2 },
  ];
  return {
    timestamp: 1000,
    lastMessage: storedPreview(messages[messages.length - 1]?.content ?? ''),
    messageCount: messages.length,
    widgetTitle: 'Chat Widget',
    aiName: 'AI Assistant',
    openAIThreadId: null,
    dbThreadId: null,
    ...overrides,
    messages,
  };
}

describe('size and delay inputs', () => {
  it('clamps width to 300-600 and keeps the current value for non-numbers', () => {
    expect(clampWidgetWidth('250', 400)).toBe(300);
    expect(clampWidgetWidth('650', 400)).toBe(600);
    expect(clampWidgetWidth('450', 400)).toBe(450);
    expect(clampWidgetWidth(' 500 ', 400)).toBe(500);
    expect(clampWidgetWidth('abc', 420)).toBe(420);
    expect(clampWidgetWidth('', 420)).toBe(420);
  });
  it('clamps height to 300-700', () => {
    expect(clampWidgetHeight('100', 700)).toBe(300);
    expect(clampWidgetHeight('800', 500)).toBe(700);
    expect(clampWidgetHeight('12px', 500)).toBe(500);
  });
  it('clamps the popup delay to 1-500 and turns empty or invalid into 1', () => {
    expect(clampPopupDelay('0')).toBe(1);
    expect(clampPopupDelay('501')).toBe(500);
    expect(clampPopupDelay('30')).toBe(30);
    expect(clampPopupDelay('')).toBe(1);
    expect(clampPopupDelay('soon')).toBe(1);
  });
});

describe('normalizeHexColor', () => {
  it('expands 3 digits and adds #', () => {
    expect(normalizeHexColor('abc')).toBe('#aabbcc');
    expect(normalizeHexColor('#F0a')).toBe('#ff00aa');
    expect(normalizeHexColor('276D64')).toBe('#276d64');
    expect(normalizeHexColor('#276d64')).toBe('#276d64');
  });
  it('returns anything else unchanged', () => {
    expect(normalizeHexColor('#12345')).toBe('#12345');
    expect(normalizeHexColor('teal')).toBe('teal');
    expect(normalizeHexColor('#ggg')).toBe('#ggg');
  });
});

describe('minimized sizes', () => {
  it('maps pixels to sizes at 55 and 72', () => {
    expect(minimizedSizeFromPixels(48)).toBe('small');
    expect(minimizedSizeFromPixels(55)).toBe('small');
    expect(minimizedSizeFromPixels(56)).toBe('medium');
    expect(minimizedSizeFromPixels(72)).toBe('medium');
    expect(minimizedSizeFromPixels(73)).toBe('large');
  });
  it('uses 48/64/80 launchers, 56 on mobile, and 28/36/44 logos', () => {
    expect(launcherSizeFor('small', false)).toBe(48);
    expect(launcherSizeFor('medium', false)).toBe(64);
    expect(launcherSizeFor('large', false)).toBe(80);
    expect(launcherSizeFor('large', true)).toBe(56);
    expect(minimizedLogoPixels).toEqual({ small: 28, medium: 36, large: 44 });
  });
});

describe('relative time', () => {
  const now = Date.UTC(2026, 5, 30, 12);
  it('badges', () => {
    expect(relativeTimeBadge(now - 10_000, now)).toBe('now');
    expect(relativeTimeBadge(now - 5 * minute, now)).toBe('5m');
    expect(relativeTimeBadge(now - 3 * hour, now)).toBe('3h');
    expect(relativeTimeBadge(now - 2 * day, now)).toBe('2d');
    expect(relativeTimeBadge(now - 65 * day, now)).toBe('2mo');
  });
  it('text form switches to a date at 7 days', () => {
    expect(relativeTimeText(now - 30_000, now)).toBe('Just now');
    expect(relativeTimeText(now - 12 * minute, now)).toBe('12m ago');
    expect(relativeTimeText(now - 5 * hour, now)).toBe('5h ago');
    expect(relativeTimeText(now - 6 * day, now)).toBe('6d ago');
    const text = relativeTimeText(now - 8 * day, now);
    expect(text).not.toMatch(/ago/);
    expect(text).toContain('2026');
  });
});

describe('previews', () => {
  it('stores 50 characters plus an ellipsis and shows 45', () => {
    const long = 'x'.repeat(80);
    expect(storedPreview(long)).toBe(`${'x'.repeat(50)}...`);
    expect(storedPreview('short')).toBe('short');
    expect(shownPreview(storedPreview(long))).toBe(`${'x'.repeat(45)}...`);
    expect(shownPreview('short')).toBe('short');
  });
  it('drops Markdown marks from previews', () => {
    expect(storedPreview('Thanks for asking about **pricing**.\n\n- see [docs](https://x.example) or `code`')).toBe(
      'Thanks for asking about pricing. see docs or code',
    );
  });
});

describe('chat rules', () => {
  it('archives only chats with more than one message and a user message', () => {
    expect(shouldArchiveChat([{ sender: 'agent' }])).toBe(false);
    expect(shouldArchiveChat([{ sender: 'agent' }, { sender: 'agent' }])).toBe(false);
    expect(shouldArchiveChat([{ sender: 'agent' }, { sender: 'user' }])).toBe(true);
    expect(shouldArchiveChat([{ sender: 'user' }])).toBe(false);
  });
  it('shows suggested replies only with exactly one message', () => {
    expect(shouldShowSuggestedReplies(1, ['a'])).toBe(true);
    expect(shouldShowSuggestedReplies(0, ['a'])).toBe(false);
    expect(shouldShowSuggestedReplies(2, ['a'])).toBe(false);
    expect(shouldShowSuggestedReplies(1, [])).toBe(false);
  });
  it('keeps sessions for one hour since last activity', () => {
    const now = 10 * hour;
    expect(isSessionValid(now - 59 * minute, now)).toBe(true);
    expect(isSessionValid(now - hour, now)).toBe(false);
    expect(isSessionValid(Number.NaN, now)).toBe(false);
  });
});

describe('saved conversations', () => {
  it('de-duplicates by thread id, database thread id, or count + first + last message', () => {
    const a = conversation({ id: '1', openAIThreadId: 't1', timestamp: 5 });
    const sameThread = conversation({
      id: '2',
      openAIThreadId: 't1',
      timestamp: 4,
      messages: [{ id: 'x', content: 'other', sender: 'user', timestamp: 1 }],
    });
    const b = conversation({ id: '3', dbThreadId: 'd1', timestamp: 3 });
    const sameDb = conversation({
      id: '4',
      dbThreadId: 'd1',
      timestamp: 2,
      messages: [{ id: 'y', content: 'different', sender: 'user', timestamp: 1 }],
    });
    const c = conversation({ id: '5', timestamp: 1 });
    const sameContent = conversation({ id: '6', timestamp: 0, messages: c.messages });
    const distinct = conversation({ id: '7', timestamp: 0 });
    expect(dedupeConversations([a, sameThread, b, sameDb, c, sameContent, distinct]).map((entry) => entry.id)).toEqual([
      '1',
      '3',
      '5',
      '7',
    ]);
  });
  it('builds a version 1 envelope, newest first, capped at 10', () => {
    const list = Array.from({ length: 14 }, (_, index) => conversation({ id: `c${index}`, timestamp: index }));
    const envelope = buildConversationsEnvelope(list);
    expect(envelope.version).toBe(1);
    expect(envelope.maxConversations).toBe(10);
    expect(envelope.conversations).toHaveLength(10);
    expect(envelope.conversations[0]?.id).toBe('c13');
    expect(envelope.conversations[9]?.id).toBe('c4');
  });
  it('upserts a conversation by replacing its duplicate', () => {
    const first = upsertConversation(null, conversation({ id: 'a', openAIThreadId: 't', timestamp: 1 }));
    const second = upsertConversation(
      first,
      conversation({
        id: 'b',
        openAIThreadId: 't',
        timestamp: 2,
        messages: [
          { id: 'm1', content: 'hi', sender: 'agent', timestamp: 1 },
          { id: 'm2', content: 'q', sender: 'user', timestamp: 2 },
          { id: 'm3', content: 'answer', sender: 'agent', timestamp: 3 },
        ],
      }),
    );
    expect(second.conversations.map((entry) => entry.id)).toEqual(['b']);
    expect(second.conversations[0]?.messageCount).toBe(3);
  });
  it('parses stored envelopes and drops garbage or other versions', () => {
    const stored = JSON.stringify(buildConversationsEnvelope([conversation({ id: 'a' })]));
    expect(parseConversationsEnvelope(stored).conversations.map((entry) => entry.id)).toEqual(['a']);
    expect(parseConversationsEnvelope('{not json').conversations).toEqual([]);
    expect(
      parseConversationsEnvelope(JSON.stringify({ version: 2, conversations: [conversation({ id: 'a' })] }))
        .conversations,
    ).toEqual([]);
    expect(parseConversationsEnvelope(null).version).toBe(1);
  });
});

describe('readableTextColor', () => {
  it('puts white on dark theme colours and black on light ones', () => {
    expect(readableTextColor('#276d64')).toBe('#ffffff');
    expect(readableTextColor('#4f46e5')).toBe('#ffffff');
    expect(readableTextColor('#fde047')).toBe('#000000');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('fff')).toBe('#000000');
  });
});
