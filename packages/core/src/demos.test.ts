import { describe, expect, it } from 'vitest';
import {
  CheckEmbeddableBody,
  CreateDemoBody,
  DemoChatBody,
  DemoSettings,
  defaultDemoSettings,
  demoMessages,
  getDemoSharePath,
  listGatedDemoChanges,
  parseEmbedSize,
  toDemoHistory,
} from './demos';
import { trimDemoHistory } from './demo-rules';

describe('DemoSettings', () => {
  it('carries the documented defaults', () => {
    expect(defaultDemoSettings.chatBubble).toEqual({
      enabled: true,
      message: 'Hi there! Need any help?',
      delaySeconds: 2,
    });
    expect(defaultDemoSettings.widgetTemplate).toBe('professional');
    expect(defaultDemoSettings.embedSettings).toEqual({ responsive: true, width: 420, height: 600 });
    expect(defaultDemoSettings.platformSettings).toEqual({
      position: 'bottom-right',
      customHeaderSize: false,
      headerHeight: 60,
      headerPadding: 16,
      logoSize: 100,
      statusText: '',
      showShareButton: true,
    });
    expect(defaultDemoSettings.backgroundSettings).toMatchObject({
      backgroundColor: '#1a1d23',
      titleSize: 24,
      showRequestCounter: true,
      counterPosition: 'bottom-right',
    });
    expect(defaultDemoSettings.clientMessage).toEqual({ enabled: false, header: '', body: '', position: 'right' });
    expect(defaultDemoSettings.suggestedResponses).toEqual([
      'What is your product?',
      'How does it work?',
      'What are the pricing plans?',
    ]);
    expect(defaultDemoSettings.welcomeMessage).toBe('Hello! How can I help you today?');
    expect(defaultDemoSettings.placeholder).toBe('Type your message...');
  });

  it('falls back to a 2 s bubble delay when it is not numeric', () => {
    expect(DemoSettings.parse({ chatBubble: { delaySeconds: 'soon' } }).chatBubble.delaySeconds).toBe(2);
    expect(DemoSettings.parse({ chatBubble: { delaySeconds: 7 } }).chatBubble.delaySeconds).toBe(7);
  });

  it('reads embed sizes as a number or a number with px, else the default', () => {
    expect(parseEmbedSize('500px', 420)).toBe(500);
    expect(parseEmbedSize(' 480 ', 420)).toBe(480);
    expect(parseEmbedSize('wide', 420)).toBe(420);
    expect(DemoSettings.parse({ embedSettings: { width: '500px', height: 'tall' } }).embedSettings).toEqual({
      responsive: true,
      width: 500,
      height: 600,
    });
  });

  it('refuses a background URL that is not http(s)', () => {
    expect(DemoSettings.safeParse({ backgroundUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(DemoSettings.safeParse({ backgroundUrl: 'https://example.com' }).success).toBe(true);
  });
});

describe('plan capabilities of demo settings', () => {
  const after = (settings: Parameters<typeof DemoSettings.parse>[0], requestLimit = 100) => ({
    settings: DemoSettings.parse(settings),
    requestLimit,
  });

  it('needs nothing for basic settings', () => {
    expect(
      listGatedDemoChanges({
        before: null,
        after: after({ themeColor: '#2563eb', welcomeMessage: 'Hi', widgetTemplate: 'legacy' }, 50),
      }),
    ).toEqual({ advanced: [], whitelabel: [] });
  });

  it('names advanced and whitelabel settings set to non-default values', () => {
    const gated = listGatedDemoChanges({
      before: null,
      after: after(
        {
          backgroundUrl: 'https://example.com',
          clientMessage: { enabled: true },
          hideBranding: true,
          backgroundSettings: { titleColor: '#000000' },
        },
        101,
      ),
    });
    expect(gated).toEqual({
      advanced: ['backgroundUrl', 'clientMessage.enabled', 'requestLimit'],
      whitelabel: ['hideBranding', 'backgroundSettings.titleColor'],
    });
  });

  it('lets values already stored stay', () => {
    const stored = after({ backgroundUrl: 'https://example.com', hideBranding: true }, 500);
    expect(
      listGatedDemoChanges({
        before: stored,
        after: { ...stored, settings: { ...stored.settings, welcomeMessage: 'changed' } },
      }),
    ).toEqual({ advanced: [], whitelabel: [] });
    expect(listGatedDemoChanges({ before: stored, after: { ...stored, requestLimit: 600 } }).advanced).toEqual([
      'requestLimit',
    ]);
  });
});

describe('demo bodies', () => {
  it('creates with a name, a type and an agent; the limit must be positive', () => {
    expect(CreateDemoBody.safeParse({ name: 'Demo', type: 'website', buildId: 'agent_1' }).success).toBe(true);
    expect(CreateDemoBody.safeParse({ name: ' ', type: 'website', buildId: 'agent_1' }).success).toBe(false);
    expect(CreateDemoBody.safeParse({ name: 'Demo', type: 'telegram', buildId: 'agent_1' }).success).toBe(false);
    expect(CreateDemoBody.safeParse({ name: 'Demo', type: 'sms', buildId: 'agent_1', requestLimit: 0 }).success).toBe(
      false,
    );
  });

  it('needs a non-empty message to chat', () => {
    expect(DemoChatBody.safeParse({ message: '   ', demoId: 'd' }).success).toBe(false);
    expect(DemoChatBody.parse({ message: ' hi ', demoId: 'd', thread_id: null }).message).toBe('hi');
  });

  it('checks an address or a demo', () => {
    expect(CheckEmbeddableBody.safeParse({}).success).toBe(false);
    expect(CheckEmbeddableBody.safeParse({ url: 'ftp://example.com' }).success).toBe(false);
    expect(CheckEmbeddableBody.safeParse({ demoId: 'demo_1' }).success).toBe(true);
  });
});

describe('demo helpers', () => {
  it('drops the welcome message and empty contents from the history', () => {
    const history = toDemoHistory(
      [
        { type: 'bot', content: 'Hello! How can I help you today?' },
        { type: 'user', content: 'Prices?' },
        { type: 'bot', content: '' },
        { type: 'bot', content: 'From $10.' },
        { type: 'bot', content: 'Hello! How can I help you today?' },
      ],
      'Hello! How can I help you today?',
    );
    expect(history).toEqual([
      { role: 'user', content: 'Prices?' },
      { role: 'assistant', content: 'From $10.' },
      { role: 'assistant', content: 'Hello! How can I help you today?' },
    ]);
  });

  it('builds the share path and the documented texts', () => {
    expect(getDemoSharePath('demo_abc')).toBe('/shared/demo_abc');
    expect(demoMessages.copyFailed('https://x.test/shared/1')).toBe(
      "Copy failed. Here's the link: https://x.test/shared/1",
    );
    expect(demoMessages.requestCounter(3, 100)).toBe('3 / 100 requests used');
  });
});

describe('trimDemoHistory', () => {
  it('keeps the newest entries the server takes with a new message: 49, within 32,000 characters', () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ role: 'user' as const, content: `m${index}` }));
    expect(trimDemoHistory(many).map((entry) => entry.content)).toEqual(many.slice(11).map((entry) => entry.content));
    const wordy = Array.from({ length: 5 }, (_, index) => ({
      role: 'user' as const,
      content: `${index}${'x'.repeat(9_999)}`,
    }));
    expect(trimDemoHistory(wordy).map((entry) => entry.content[0])).toEqual(['2', '3', '4']);
  });
});
