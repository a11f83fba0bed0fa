import { textsFor, type WidgetTexts } from '@agentry/core/widget-languages';
import type { ChatWidgetSettings } from './chat-widget-types';

const englishTexts = textsFor('en');

/**
 * The texts the widget shows. A creator's own text always wins; a text left at its English
 * default follows the widget's language, so choosing 'de' alone gives a German widget.
 */
export type ResolvedWidgetTexts = WidgetTexts & {
  suggestions: readonly string[];
  /** What the typing indicator says: '{AI name} typing...' for the default text, a creator's own text as it is. */
  typingLine: string;
};

function pick(value: string, englishDefault: string, translated: string): string {
  return value.trim() === '' || value === englishDefault ? translated : value;
}

export function resolveWidgetTexts(settings: ChatWidgetSettings): ResolvedWidgetTexts {
  const texts = textsFor(settings.language);
  const suggestions =
    settings.suggestedResponses.length === englishTexts.suggestedResponses.length &&
    settings.suggestedResponses.every((text, index) => text === englishTexts.suggestedResponses[index])
      ? texts.suggestedResponses
      : settings.suggestedResponses;
  const aiName = pick(settings.aiName, englishTexts.aiName, texts.aiName);
  const isOwnTypingText =
    settings.typingIndicator.trim() !== '' && settings.typingIndicator !== englishTexts.typingIndicator;
  const typingIndicator = pick(settings.typingIndicator, englishTexts.typingIndicator, texts.typingIndicator);
  return {
    ...texts,
    title: pick(settings.widgetTitle, englishTexts.title, texts.title),
    aiName,
    newConversation: pick(settings.newConversationText, englishTexts.newConversation, texts.newConversation),
    previousConversations: pick(
      settings.previousConversationsText,
      englishTexts.previousConversations,
      texts.previousConversations,
    ),
    placeholder: pick(settings.inputPlaceholder, englishTexts.placeholder, texts.placeholder),
    firstMessage: pick(settings.firstMessage, englishTexts.firstMessage, texts.firstMessage),
    bubbleMessage: pick(settings.chatBubble.message, englishTexts.bubbleMessage, texts.bubbleMessage),
    typingIndicator,
    typingLine: isOwnTypingText ? typingIndicator : `${aiName} ${typingIndicator}`,
    suggestions,
  };
}
