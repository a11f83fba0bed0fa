import { describe, expect, it } from 'vitest';
import { DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agents';
import { defaultWidgetSettings, widgetLanguageCodes } from './widget';
import { formatCount, isRtl, localizedRelativeTime, textsFor, widgetTexts } from './widget-languages';

describe('widget languages', () => {
  it('has every text, non-empty, in all 16 languages', () => {
    const keys = Object.keys(widgetTexts.en).sort();
    expect(Object.keys(widgetTexts).sort()).toEqual([...widgetLanguageCodes].sort());
    for (const code of widgetLanguageCodes) {
      const texts = widgetTexts[code];
      expect(Object.keys(texts).sort(), code).toEqual(keys);
      for (const [key, value] of Object.entries(texts)) {
        if (Array.isArray(value)) {
          expect(value, `${code}.${key}`).toHaveLength(3);
          for (const item of value) expect(String(item).trim(), `${code}.${key}`).not.toBe('');
        } else {
          expect(String(value).trim(), `${code}.${key}`).not.toBe('');
        }
      }
      for (const template of [texts.messageCount, texts.unreadCount, texts.minutesAgo, texts.hoursAgo, texts.daysAgo]) {
        expect(template, code).toContain('{n}');
      }
    }
  });

  it('translates: other languages differ from English', () => {
    for (const code of widgetLanguageCodes.filter((code) => code !== 'en')) {
      expect(widgetTexts[code].newConversation, code).not.toBe(widgetTexts.en.newConversation);
      expect(widgetTexts[code].noConversations, code).not.toBe(widgetTexts.en.noConversations);
      expect(widgetTexts[code].firstMessage, code).not.toBe(widgetTexts.en.firstMessage);
    }
  });

  it('uses the documented defaults in English', () => {
    const en = textsFor('en');
    expect(en.noConversations).toBe('No previous conversations');
    expect(en.startConversationHint).toBe('Start a conversation and it will be saved locally');
    expect(en.firstMessage).toBe(DEFAULT_FIRST_MESSAGE);
    expect(en.suggestedResponses).toEqual([...DEFAULT_SUGGESTED_RESPONSES]);
    expect(en.placeholder).toBe(defaultWidgetSettings.inputPlaceholder);
    expect(en.bubbleMessage).toBe(defaultWidgetSettings.chatBubble.message);
    expect(en.typingIndicator).toBe(defaultWidgetSettings.typingIndicator);
    expect(en.newConversation).toBe(defaultWidgetSettings.newConversationText);
    expect(en.previousConversations).toBe(defaultWidgetSettings.previousConversationsText);
    expect(en.aiName).toBe(defaultWidgetSettings.aiName);
  });

  it('falls back to English and marks only Arabic right-to-left', () => {
    expect(textsFor('xx')).toBe(widgetTexts.en);
    expect(textsFor('de').newConversation).toBe('Neues Gespräch');
    expect(isRtl('ar')).toBe(true);
    expect(widgetLanguageCodes.filter((code) => isRtl(code))).toEqual(['ar']);
  });

  it('formats counts and relative times in the language', () => {
    expect(formatCount(widgetTexts.en.messageCount, 4)).toBe('4 messages');
    const now = Date.UTC(2026, 0, 20);
    expect(localizedRelativeTime(widgetTexts.en, 'en', now - 3 * 60_000, now)).toBe('3m ago');
    expect(localizedRelativeTime(widgetTexts.de, 'de', now - 2 * 3_600_000, now)).toBe('vor 2 Std.');
    expect(localizedRelativeTime(widgetTexts.en, 'en', now, now)).toBe('Just now');
  });
});
