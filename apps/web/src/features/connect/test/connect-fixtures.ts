import { defaultWidgetSettings, type WidgetConnection } from '@agentry/core/widget';

export function buildConnection(overrides: Partial<WidgetConnection> = {}): WidgetConnection {
  return {
    connectionId: 'conn-1',
    type: 'website-widget',
    widgetId: 'widget-1',
    subaccountId: 'sa-1',
    buildId: null,
    template: 'professional',
    settings: defaultWidgetSettings,
    deployedAt: '2026-01-01T10:00:00.000Z',
    needsRedeploy: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** jsdom loads no images: this stand-in 'loads' any address containing 'good' and fails the rest. */
export class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  width = 0;
  set src(value: string) {
    setTimeout(() => {
      if (value.includes('good')) {
        this.naturalWidth = 64;
        this.onload?.();
      } else {
        this.onerror?.();
      }
    }, 0);
  }
}
