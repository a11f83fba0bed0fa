import { describe, expect, it } from 'vitest';
import { prefillDemoFromAgent, prefillWidgetFromAgent } from './agent-prefill';
import { DemoSettings } from './demos';
import { defaultWidgetSettings } from './widget';

const smileDesk = {
  aiName: 'Smile Desk',
  firstMessage: 'Welcome to Bright Smile Dental! How can we help?',
  suggestedResponses: ['Book a cleaning', 'Opening hours'],
};
const frontDesk = {
  aiName: 'Front Desk',
  firstMessage: 'Hi, this is the front desk.',
  suggestedResponses: ['Parking', 'Insurance'],
};

describe('prefillWidgetFromAgent (Choose Build)', () => {
  it('replaces the generic title, AI name, first message and replies with the agent’s', () => {
    const filled = prefillWidgetFromAgent(defaultWidgetSettings, smileDesk, null);
    expect(filled).toMatchObject({
      widgetTitle: 'Smile Desk',
      aiName: 'Smile Desk',
      firstMessage: 'Welcome to Bright Smile Dental! How can we help?',
      suggestedResponses: ['Book a cleaning', 'Opening hours'],
    });
    expect(filled.themeColor).toBe(defaultWidgetSettings.themeColor);
  });

  it('follows a change of agent where the texts are still the previous agent’s', () => {
    const first = prefillWidgetFromAgent(defaultWidgetSettings, smileDesk, null);
    expect(prefillWidgetFromAgent(first, frontDesk, smileDesk)).toMatchObject({
      widgetTitle: 'Front Desk',
      aiName: 'Front Desk',
      firstMessage: 'Hi, this is the front desk.',
      suggestedResponses: ['Parking', 'Insurance'],
    });
  });

  it('keeps what the creator wrote, and keeps a text the agent leaves blank', () => {
    const edited = {
      ...prefillWidgetFromAgent(defaultWidgetSettings, smileDesk, null),
      widgetTitle: 'Bright Smile Dental',
      suggestedResponses: ['Emergency visit'],
    };
    const next = prefillWidgetFromAgent(
      edited,
      { ...frontDesk, firstMessage: '  ', suggestedResponses: [] },
      smileDesk,
    );
    expect(next).toMatchObject({
      widgetTitle: 'Bright Smile Dental',
      aiName: 'Front Desk',
      firstMessage: 'Welcome to Bright Smile Dental! How can we help?',
      suggestedResponses: ['Emergency visit'],
    });
  });
});

describe('prefillDemoFromAgent (a new demo)', () => {
  it('takes names, title, welcome message and replies from the agent, keeping texts the creator sent', () => {
    const filled = prefillDemoFromAgent(DemoSettings.parse({ widgetTitle: 'Smile Dental demo' }), smileDesk);
    expect(filled).toMatchObject({
      assistantName: 'Smile Desk',
      websiteAssistantName: 'Smile Desk',
      socialContactName: 'Smile Desk',
      widgetTitle: 'Smile Dental demo',
      welcomeMessage: 'Welcome to Bright Smile Dental! How can we help?',
      suggestedResponses: ['Book a cleaning', 'Opening hours'],
    });
  });
});
