import { defaultDemoSettings, type DemoSettings } from '@agentry/core/demos';
import { WidgetSettings } from '@agentry/core/widget';
import { describe, expect, it } from 'vitest';
import { isWidgetInitiallyOpen, toWidgetSettings } from './to-widget-settings';

const settings = (patch: Partial<DemoSettings>): DemoSettings => ({ ...defaultDemoSettings, ...patch });

describe('the website demo widget', () => {
  it('takes its look and texts from the demo settings, as valid widget settings', () => {
    const widget = toWidgetSettings(
      settings({
        widgetTitle: 'Bright Smile',
        websiteAssistantName: 'Smiley',
        welcomeMessage: 'Welcome!',
        themeColor: '#abc',
        theme: 'light',
        widgetTemplate: 'legacy',
        placeholder: 'Ask us',
        platformSettings: { ...defaultDemoSettings.platformSettings, position: 'top-left' },
        embedSettings: { responsive: true, width: 500, height: 640 },
        chatBubble: { enabled: true, message: 'Psst', delaySeconds: 2 },
      }),
      1280,
    );
    expect(widget).toMatchObject({
      widgetTitle: 'Bright Smile',
      aiName: 'Smiley',
      firstMessage: 'Welcome!',
      themeColor: '#aabbcc',
      theme: 'light',
      template: 'legacy',
      inputPlaceholder: 'Ask us',
      placement: 'top-left',
      width: 500,
      height: 640,
      minimizedSizePixels: 56,
      chatBubble: { enabled: true, message: 'Psst', delaySeconds: 2 },
    });
    expect(WidgetSettings.safeParse(widget).success).toBe(true);
  });

  it('uses 340 x 360 (screen minus 40 at most) on phones up to 640 px', () => {
    expect(toWidgetSettings(defaultDemoSettings, 390)).toMatchObject({ width: 340, height: 360 });
    expect(toWidgetSettings(defaultDemoSettings, 360)).toMatchObject({ width: 320, height: 360 });
    expect(toWidgetSettings(defaultDemoSettings, 1024)).toMatchObject({ width: 420, height: 600 });
  });

  it('opens initially per autoOpen, falling back to showWelcomeMessage', () => {
    const platform = defaultDemoSettings.platformSettings;
    expect(isWidgetInitiallyOpen(settings({ showWelcomeMessage: true }))).toBe(true);
    expect(isWidgetInitiallyOpen(settings({ showWelcomeMessage: false }))).toBe(false);
    expect(
      isWidgetInitiallyOpen(settings({ showWelcomeMessage: true, platformSettings: { ...platform, autoOpen: false } })),
    ).toBe(false);
    expect(
      isWidgetInitiallyOpen(settings({ showWelcomeMessage: false, platformSettings: { ...platform, autoOpen: true } })),
    ).toBe(true);
  });
});
