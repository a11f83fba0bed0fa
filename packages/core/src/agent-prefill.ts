import { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agents';

/** What a widget or a demo takes from the agent that answers in it. */
export type AgentGreeting = { aiName: string; firstMessage: string; suggestedResponses: readonly string[] };

/** The generic title a new widget or demo starts with. */
export const DEFAULT_WIDGET_TITLE = 'Chat Widget';

/**
 * The agent's value for a text the creator has not written themselves: one that is blank, still
 * the generic default, or what the previously chosen agent put there. A text of their own stays.
 */
export function textFromAgent(current: string, agentValue: string, untouched: readonly (string | undefined)[]): string {
  if (agentValue.trim() === '') return current;
  return current.trim() === '' || untouched.includes(current) ? agentValue : current;
}

function isSameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The agent's suggested replies unless the creator wrote their own (same rule as textFromAgent). */
export function repliesFromAgent(
  current: readonly string[],
  agent: readonly string[],
  previous: readonly string[] | undefined,
): string[] {
  if (agent.length === 0) return [...current];
  const isUntouched =
    current.length === 0 ||
    isSameList(current, DEFAULT_SUGGESTED_RESPONSES) ||
    (previous !== undefined && isSameList(current, previous));
  return isUntouched ? [...agent] : [...current];
}

/**
 * A widget's texts after Choose Build: title and AI name become the agent's name, the first
 * message and suggested replies the agent's, wherever the creator left the generic text or the
 * previous agent's (docs/product/widget.md#the-designer-connectidwebsite-widget).
 */
export function prefillWidgetFromAgent<
  T extends { widgetTitle: string; aiName: string; firstMessage: string; suggestedResponses: string[] },
>(settings: T, agent: AgentGreeting, previous: AgentGreeting | null): T {
  return {
    ...settings,
    widgetTitle: textFromAgent(settings.widgetTitle, agent.aiName, [DEFAULT_WIDGET_TITLE, previous?.aiName]),
    aiName: textFromAgent(settings.aiName, agent.aiName, [DEFAULT_AI_NAME, previous?.aiName]),
    firstMessage: textFromAgent(settings.firstMessage, agent.firstMessage, [
      DEFAULT_FIRST_MESSAGE,
      previous?.firstMessage,
    ]),
    suggestedResponses: repliesFromAgent(
      settings.suggestedResponses,
      agent.suggestedResponses,
      previous?.suggestedResponses,
    ),
  };
}

/** A new demo's texts from its agent, by the same rule (a text the creator sent of their own stays). */
export function prefillDemoFromAgent<
  T extends {
    assistantName: string;
    widgetTitle: string;
    websiteAssistantName: string;
    socialContactName: string;
    welcomeMessage: string;
    suggestedResponses: string[];
  },
>(settings: T, agent: AgentGreeting): T {
  const name = (current: string) => textFromAgent(current, agent.aiName, [DEFAULT_AI_NAME]);
  return {
    ...settings,
    assistantName: name(settings.assistantName),
    websiteAssistantName: name(settings.websiteAssistantName),
    socialContactName: name(settings.socialContactName),
    widgetTitle: textFromAgent(settings.widgetTitle, agent.aiName, [DEFAULT_WIDGET_TITLE]),
    welcomeMessage: textFromAgent(settings.welcomeMessage, agent.firstMessage, [DEFAULT_FIRST_MESSAGE]),
    suggestedResponses: repliesFromAgent(settings.suggestedResponses, agent.suggestedResponses, undefined),
  };
}
