import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_SUGGESTED_RESPONSES } from './agent-defaults';
import { defaultWidgetSettings } from './widget-defaults';
import { WidgetSettings } from './widget';

describe('the widget defaults without schemas', () => {
  it('are what the settings schema makes of an empty object', () => {
    expect(defaultWidgetSettings).toEqual(WidgetSettings.parse({}));
  });

  it("start from an agent's defaults", () => {
    expect(defaultWidgetSettings).toMatchObject({
      aiName: DEFAULT_AI_NAME,
      firstMessage: DEFAULT_FIRST_MESSAGE,
      suggestedResponses: [...DEFAULT_SUGGESTED_RESPONSES],
    });
  });
});
