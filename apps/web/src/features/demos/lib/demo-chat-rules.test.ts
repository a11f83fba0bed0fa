import { defaultDemoSettings, parseEmbedSize } from '@agentry/core/demos';
import { describe, expect, it } from 'vitest';
import { buildDemoFixture } from '../test/demo-fixtures';
import {
  buildWelcomeMessage,
  demoShareLink,
  describeDemoChatFailure,
  describeDemoChatHttpFailure,
  isSendKey,
  parseBubbleDelaySeconds,
  toDemoHistory,
  visibleDemoMessages,
  withLimitNotice,
  type DemoChatMessage,
} from './demo-chat-rules';
import { resolveDemoDraft, resolveDraftSettings, toDemoDraft } from './demo-draft';

const bot = (content: string, extra: Partial<DemoChatMessage> = {}): DemoChatMessage => ({
  id: `b-${content}`,
  type: 'bot',
  content,
  timestamp: '10:30 AM',
  ...extra,
});
const user = (content: string): DemoChatMessage => ({
  id: `u-${content}`,
  type: 'user',
  content,
  timestamp: '9:00 AM',
});

describe('demo chat history', () => {
  it('drops the welcome message, the typing placeholder, error bubbles and empty contents', () => {
    const messages = [
      bot('Hello! How can I help you today?', { isWelcome: true }),
      user('Hi'),
      bot('Hello there'),
      user('   '),
      bot('', { isTyping: true }),
      bot('Error: x', { isError: true }),
      user('Prices?'),
    ];
    expect(toDemoHistory(messages)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there' },
      { role: 'user', content: 'Prices?' },
    ]);
  });

  it('keeps only the newest messages the server takes: 49 besides the new one, 32,000 characters', () => {
    const long = Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? user(`q${index}`) : bot(`a${index}`)));
    const history = toDemoHistory(long);
    expect(history).toHaveLength(49);
    expect(history.at(-1)).toEqual({ role: 'assistant', content: 'a59' });
    const wordy = Array.from({ length: 6 }, (_, index) => user(`${index}${'x'.repeat(9_000)}`));
    const trimmed = toDemoHistory(wordy);
    expect(trimmed.map((entry) => entry.content[0])).toEqual(['3', '4', '5']);
    expect(trimmed.reduce((sum, entry) => sum + entry.content.length, 0)).toBeLessThanOrEqual(32_000);
  });

  it('shows the live welcome message until the first user message, then the conversation as it stands', () => {
    const welcome = buildWelcomeMessage({ showWelcomeMessage: true, welcomeMessage: 'Hi from settings' });
    expect(visibleDemoMessages([], welcome).map((message) => message.content)).toEqual(['Hi from settings']);
    expect(visibleDemoMessages([], buildWelcomeMessage({ showWelcomeMessage: false, welcomeMessage: 'Hi' }))).toEqual(
      [],
    );
    const frozen = [bot('Old welcome', { isWelcome: true }), user('Hey')];
    expect(visibleDemoMessages(frozen, welcome).map((message) => message.content)).toEqual(['Old welcome', 'Hey']);
  });
});

describe('demo chat failures', () => {
  it('maps the demo limit and 404 to the documented texts and keeps the server text otherwise', () => {
    expect(describeDemoChatHttpFailure(429, 'Limit', 'DEMO_LIMIT_REACHED')).toBe(
      'Demo usage limit reached. Please contact the demo creator for a new link.',
    );
    // The per-network limit is a 429 too, but not the demo's: it says so and a later message can go through.
    expect(
      describeDemoChatHttpFailure(429, 'Rate limit exceeded. Too many requests in a short period.', 'RATE_LIMITED'),
    ).toBe('Rate limit exceeded. Too many requests in a short period.');
    expect(describeDemoChatHttpFailure(404, 'Not found')).toBe(
      'Demo configuration not found. Please contact the demo creator.',
    );
    expect(
      describeDemoChatHttpFailure(422, 'Demo is missing configuration. Please recreate the demo from the dashboard.'),
    ).toBe('Demo is missing configuration. Please recreate the demo from the dashboard.');
    expect(describeDemoChatHttpFailure(500, '')).toBe('Failed to get response from AI assistant.');
  });

  it("shows 'Error: {message}' in sms and standard, a toast and the apology elsewhere", () => {
    expect(describeDemoChatFailure('sms', 'Boom')).toEqual({ bubble: 'Error: Boom', toast: null, closesChat: false });
    expect(describeDemoChatFailure('standard', null)).toEqual({
      bubble: 'Error: Failed to connect to AI assistant',
      toast: null,
      closesChat: false,
    });
    for (const type of ['website', 'facebook', 'instagram']) {
      expect(describeDemoChatFailure(type, 'Boom')).toEqual({
        bubble: 'Sorry, I encountered an error. Please try again in a moment.',
        toast: 'Boom',
        closesChat: false,
      });
    }
    expect(describeDemoChatFailure('facebook', undefined).toast).toBe('Failed to connect to AI assistant');
    expect(describeDemoChatFailure('website', 'Boom').closesChat).toBe(false);
  });

  it('answers the demo limit with the limit text alone, on every type, without a toast, and closes the chat', () => {
    for (const type of ['sms', 'standard', 'website', 'facebook', 'instagram']) {
      expect(describeDemoChatFailure(type, 'anything', 'DEMO_LIMIT_REACHED')).toEqual({
        bubble: 'Demo usage limit reached. Please contact the demo creator for a new link.',
        toast: null,
        closesChat: true,
      });
    }
  });

  it('shows a per-network rate limit like any failure and keeps the chat open', () => {
    const text = 'Rate limit exceeded. Too many requests in a short period.';
    expect(describeDemoChatFailure('standard', text, 'RATE_LIMITED')).toEqual({
      bubble: `Error: ${text}`,
      toast: null,
      closesChat: false,
    });
    expect(describeDemoChatFailure('website', text, 'RATE_LIMITED')).toEqual({
      bubble: 'Sorry, I encountered an error. Please try again in a moment.',
      toast: text,
      closesChat: false,
    });
  });

  it('shows the limit notice once, after the conversation, only when the limit is reached', () => {
    const welcome = bot('Hi', { isWelcome: true });
    expect(withLimitNotice([welcome], false)).toEqual([welcome]);
    const shown = withLimitNotice([welcome], true);
    expect(shown.map((message) => message.content)).toEqual([
      'Hi',
      'Demo usage limit reached. Please contact the demo creator for a new link.',
    ]);
    expect(shown[1]?.isLimit).toBe(true);
    // A turn already answered with the notice is not followed by a second one.
    expect(withLimitNotice(shown, true)).toHaveLength(2);
  });
});

describe('keys, share links and numbers', () => {
  it('sends on Enter, not on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('shares /shared/{demoId} for the standard type and the current page for the others', () => {
    const base = { demoId: 'd 1', origin: 'https://app.test', currentHref: 'https://app.test/shared/d1?embed=true' };
    expect(demoShareLink({ ...base, type: 'standard' })).toBe('https://app.test/shared/d%201');
    expect(demoShareLink({ ...base, type: 'sms' })).toBe(base.currentHref);
    expect(demoShareLink({ ...base, type: 'website' })).toBe(base.currentHref);
  });

  it("never shares the creator's private preview or editor page: those copy the /shared link", () => {
    for (const currentHref of ['https://app.test/demo/d1/preview', 'https://app.test/demo?demoId=d1']) {
      for (const type of ['sms', 'website', 'facebook', 'instagram'])
        expect(demoShareLink({ type, demoId: 'd1', origin: 'https://app.test', currentHref })).toBe(
          'https://app.test/shared/d1',
        );
    }
  });

  it('reads embed sizes as a number or number+px, else the default', () => {
    expect(parseEmbedSize('500', 420)).toBe(500);
    expect(parseEmbedSize('480px', 420)).toBe(480);
    expect(parseEmbedSize('50%', 420)).toBe(420);
    expect(parseEmbedSize('wide', 600)).toBe(600);
    expect(parseEmbedSize('', 600)).toBe(600);
  });

  it('falls back to a 2 second bubble delay when the delay is not numeric', () => {
    expect(parseBubbleDelaySeconds('5')).toBe(5);
    expect(parseBubbleDelaySeconds('soon')).toBe(2);
    expect(parseBubbleDelaySeconds('')).toBe(2);
    expect(parseBubbleDelaySeconds(undefined)).toBe(2);
  });
});

describe('the editor draft', () => {
  it('turns typed sizes, delay and reply lines into settings', () => {
    const draft = {
      ...toDemoDraft(buildDemoFixture()),
      embedWidth: '380px',
      embedHeight: 'tall',
      bubbleDelay: 'x',
      suggestedText: 'One\n\n  Two  \n',
    };
    const settings = resolveDraftSettings(draft);
    expect(settings.embedSettings).toMatchObject({ width: 380, height: 600 });
    expect(settings.chatBubble.delaySeconds).toBe(2);
    expect(settings.suggestedResponses).toEqual(['One', 'Two']);
  });

  it('stops a save with a blank name, a bad limit or a bad colour', () => {
    const draft = {
      ...toDemoDraft(buildDemoFixture()),
      name: ' ',
      requestLimit: '0',
      settings: { ...defaultDemoSettings, themeColor: 'teal' },
    };
    const { errors } = resolveDemoDraft(draft);
    expect(errors.name).toBe('Name is required');
    expect(errors.requestLimit).toBe('The request limit must be at least 1');
    expect(errors.themeColor).toBe('Enter a colour such as #1a1d23');
  });
});
