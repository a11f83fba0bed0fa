import { afterEach, describe, expect, it } from 'vitest';
import { installWidget } from './install-widget';
import type { LoaderConfig } from './loader-config';

const config: LoaderConfig = { widgetId: 'wdg_1', origin: 'https://app.agentry.test', template: 'legacy' };

afterEach(() => window.AIChatWidget?.destroy());

describe('installWidget', () => {
  it('publishes window.AIChatWidget with the documented methods', () => {
    installWidget(config, window);
    expect(Object.keys(window.AIChatWidget ?? {}).sort()).toEqual([
      'close',
      'destroy',
      'identify',
      'open',
      'reset',
      'toggle',
    ]);
    expect(document.querySelector('iframe')?.src).toContain('mode=legacy');
  });

  it("draws nothing on a page that is not on the widget's allowed domains", () => {
    // jsdom's page is http://localhost:3000 (see the vitest config) or localhost.
    installWidget({ ...config, allowedHosts: '(?:^|\\.)shop\\.example$' }, window);
    expect(window.AIChatWidget).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    installWidget({ ...config, allowedHosts: `(?:^|\\.)shop\\.example$|^${window.location.host}$` }, window);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('does nothing the second time (two script tags on one page)', () => {
    installWidget(config, window);
    const first = window.AIChatWidget;
    installWidget({ ...config, widgetId: 'wdg_2' }, window);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(window.AIChatWidget).toBe(first);
  });

  it('does nothing when the settings were never baked in (the raw placeholder)', () => {
    installWidget('__AGENTRY_WIDGET_CONFIG__' as unknown as LoaderConfig, window);
    expect(window.AIChatWidget).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('destroy() removes the widget and the global, so it can be installed again', () => {
    installWidget(config, window);
    window.AIChatWidget?.destroy();
    expect(window.AIChatWidget).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    installWidget(config, window);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});
