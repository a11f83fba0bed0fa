import { textsFor } from '@agentry/core/widget-languages';
import { widgetLanguageCodes, type WidgetLanguage, type WidgetSettings } from '@agentry/core/widget';

/**
 * Switching the widget's language also switches every visitor-facing text that still reads as
 * the previous language's default; texts the creator wrote stay as they are.
 */
export function applyLanguage(settings: WidgetSettings, language: WidgetLanguage): WidgetSettings {
  const before = textsFor(settings.language);
  const after = textsFor(language);
  const follow = (current: string, previousDefault: string, nextDefault: string) =>
    current === previousDefault ? nextDefault : current;
  const isDefaultReplies =
    settings.suggestedResponses.length === before.suggestedResponses.length &&
    settings.suggestedResponses.every((reply, index) => reply === before.suggestedResponses[index]);
  return {
    ...settings,
    language,
    widgetTitle: follow(settings.widgetTitle, before.title, after.title),
    aiName: follow(settings.aiName, before.aiName, after.aiName),
    firstMessage: follow(settings.firstMessage, before.firstMessage, after.firstMessage),
    inputPlaceholder: follow(settings.inputPlaceholder, before.placeholder, after.placeholder),
    typingIndicator: follow(settings.typingIndicator, before.typingIndicator, after.typingIndicator),
    newConversationText: follow(settings.newConversationText, before.newConversation, after.newConversation),
    previousConversationsText: follow(
      settings.previousConversationsText,
      before.previousConversations,
      after.previousConversations,
    ),
    chatBubble: {
      ...settings.chatBubble,
      message: follow(settings.chatBubble.message, before.bubbleMessage, after.bubbleMessage),
    },
    suggestedResponses: isDefaultReplies ? [...after.suggestedResponses] : settings.suggestedResponses,
  };
}

/** The 16 languages labelled by name: 'Arabic (العربية)'. */
export function languageOptions(): { code: WidgetLanguage; label: string }[] {
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  return widgetLanguageCodes.map((code) => {
    const name = english.of(code) ?? code;
    const native = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return { code, label: native && native.toLowerCase() !== name.toLowerCase() ? `${name} (${native})` : name };
  });
}
