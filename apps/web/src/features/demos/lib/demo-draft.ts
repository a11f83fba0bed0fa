import {
  demoLimits,
  DemoSettings,
  parseEmbedSize,
  type Demo,
  type DemoType,
  type UpdateDemoInput,
} from '@agentry/core/demos';
import { parseBubbleDelaySeconds } from './demo-chat-rules';

/** The editor's form: the demo's fields, with free text where the user types numbers or lists. */
export type DemoDraft = {
  name: string;
  type: DemoType;
  agentId: string;
  requestLimit: string;
  settings: DemoSettings;
  /** docs/product/demos.md#settings: a plain number or a number followed by px; else the default. */
  embedWidth: string;
  embedHeight: string;
  /** docs/product/demos.md#settings: falls back to 2 when not numeric. */
  bubbleDelay: string;
  /** One suggested reply per line. */
  suggestedText: string;
};

export type DraftErrors = Partial<Record<string, string>>;

export function toDemoDraft(demo: Demo): DemoDraft {
  return {
    name: demo.name,
    type: demo.type,
    agentId: demo.buildId ?? '',
    requestLimit: String(demo.requestLimit),
    settings: demo.settings,
    embedWidth: String(demo.settings.embedSettings.width),
    embedHeight: String(demo.settings.embedSettings.height),
    bubbleDelay: String(demo.settings.chatBubble.delaySeconds),
    suggestedText: demo.settings.suggestedResponses.join('\n'),
  };
}

const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));

/** The settings the draft stands for (what the preview shows and Save sends). */
export function resolveDraftSettings(draft: DemoDraft): DemoSettings {
  const { settings } = draft;
  return {
    ...settings,
    suggestedResponses: draft.suggestedText
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .slice(0, 10),
    chatBubble: {
      ...settings.chatBubble,
      delaySeconds: clamp(parseBubbleDelaySeconds(draft.bubbleDelay), demoLimits.chatBubbleDelaySeconds),
    },
    embedSettings: {
      ...settings.embedSettings,
      width: clamp(parseEmbedSize(draft.embedWidth, demoLimits.defaultWidth), demoLimits.width),
      height: clamp(parseEmbedSize(draft.embedHeight, demoLimits.defaultHeight), demoLimits.height),
    },
  };
}

/** The PATCH body of a draft, or the field errors that stop it. */
export function resolveDemoDraft(draft: DemoDraft): { body: UpdateDemoInput; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (name.length > demoLimits.nameLength)
    errors.name = `Name must be at most ${demoLimits.nameLength} characters`;
  const limitText = draft.requestLimit.trim();
  const requestLimit = Number(limitText);
  if (!/^\d+$/.test(limitText) || requestLimit < 1) errors.requestLimit = 'The request limit must be at least 1';
  else if (requestLimit > demoLimits.maxRequestLimit)
    errors.requestLimit = `The request limit must be at most ${demoLimits.maxRequestLimit}`;
  if (draft.agentId === '') errors.agentId = 'Choose an agent';

  const settings = resolveDraftSettings(draft);
  const parsed = DemoSettings.safeParse(settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  return {
    body: {
      name,
      type: draft.type,
      buildId: draft.agentId || undefined,
      requestLimit: Number.isFinite(requestLimit) ? requestLimit : undefined,
      settings,
    },
    errors,
  };
}

/** Whether two drafts would save the same demo. */
export function isSameDraft(left: DemoDraft, right: DemoDraft) {
  return JSON.stringify(resolveDemoDraft(left).body) === JSON.stringify(resolveDemoDraft(right).body);
}
