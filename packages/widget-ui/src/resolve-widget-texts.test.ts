import { describe, expect, it } from 'vitest';
import { defaultWidgetSettings } from '@agentry/core/widget';
import { resolveWidgetTexts } from './resolve-widget-texts';

describe('resolveWidgetTexts', () => {
  it('lets texts left at their English defaults follow the language', () => {
    const texts = resolveWidgetTexts({ ...defaultWidgetSettings, language: 'de' });
    expect(texts.title).toBe('Chat');
    expect(texts.firstMessage).toBe('Hallo! Wie kann ich Ihnen heute helfen?');
    expect(texts.placeholder).toBe('Nachricht eingeben...');
    expect(texts.newConversation).toBe('Neues Gespräch');
    expect(texts.suggestions).toEqual(['Was ist Ihr Produkt?', 'Wie funktioniert es?', 'Welche Preispläne gibt es?']);
    expect(texts.noConversations).toBe('Keine früheren Gespräche');
  });

  it("keeps the creator's own texts", () => {
    const texts = resolveWidgetTexts({
      ...defaultWidgetSettings,
      language: 'fr',
      widgetTitle: 'Bright Smile Dental',
      firstMessage: 'Welcome to Bright Smile!',
      suggestedResponses: ['Book a visit'],
      chatBubble: { enabled: true, message: 'Questions?', delaySeconds: 0 },
    });
    expect(texts.title).toBe('Bright Smile Dental');
    expect(texts.firstMessage).toBe('Welcome to Bright Smile!');
    expect(texts.suggestions).toEqual(['Book a visit']);
    expect(texts.bubbleMessage).toBe('Questions?');
    expect(texts.placeholder).toBe('Tapez votre message...');
  });

  it('uses the English defaults in English', () => {
    const texts = resolveWidgetTexts(defaultWidgetSettings);
    expect(texts.title).toBe('Chat Widget');
    expect(texts.previousConversations).toBe('Previous Conversations');
    expect(texts.suggestions).toEqual(['What is your product?', 'How does it work?', 'What are the pricing plans?']);
  });
});
