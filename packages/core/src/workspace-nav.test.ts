import { describe, it, expect } from 'vitest';
import {
  activeNavPath,
  classifyScreen,
  connectNavItems,
  headerTitleFor,
  isCompactViewport,
  isNavItemActive,
  resourceNavItems,
  workspaceNavItems,
} from './workspace-nav';

describe('sidebar groups', () => {
  it('has the Workspace items', () => {
    expect(workspaceNavItems).toEqual([
      { path: '/agents/create', label: 'New Agent', description: 'Create a new agent' },
      { path: '/agents', label: 'Agents', description: 'Visual agent builder' },
      { path: '/demo', label: 'Demo', description: 'Showcase to clients' },
      { path: '/connect', label: 'Launch', description: 'Deploy to production' },
    ]);
  });

  it('has the Resources items', () => {
    expect(resourceNavItems.map((item) => [item.path, item.label])).toEqual([
      ['/usage', 'Usage'],
      ['/marketplace', 'Marketplace'],
      ['/apitester', 'API Key'],
      ['/howitworks', 'Community'],
      ['/support', 'Support'],
      ['/affiliate', 'Affiliate Program'],
    ]);
  });
});

describe('headerTitleFor', () => {
  it.each([
    ['/build', 'Build Agents'],
    ['/agents/1/optimize', 'Optimize & Improve'],
    ['/demo', 'Demo Agents'],
    ['/marketplace', 'AI Marketplace'],
    ['/marketplace/projects/abc', 'AI Marketplace'],
    ['/connect/', 'Launch Agents'],
    ['/dashboard', 'Bulk Tester'],
    ['/new-evaluation', 'Bulk Tester'],
    ['/aimentor', 'AI Mentor'],
    ['/apitester', 'API Testing'],
    ['/howitworks', 'Video Guides'],
    ['/support?tab=1', 'Support Center'],
    ['/agents', 'Agents'],
    ['/agents/create', 'New Agent'],
    ['/subaccounts/s1/agents/a1', 'Agents'],
    ['/new-evaluation/settings', 'Bulk Tester'],
    ['/new-evaluation/results/run-1', 'Bulk Tester'],
    ['/demo/d1', 'Demo Agents'],
    ['/usage', 'Usage & Billing'],
    ['/settings', 'Settings'],
    ['/', 'Dashboard'],
    ['/constructor', 'Dashboard'],
  ])('%s -> %s', (pathname, title) => {
    expect(headerTitleFor(pathname)).toBe(title);
  });
});

describe('active item', () => {
  it('matches exactly or on a segment boundary', () => {
    expect(isNavItemActive('/agents', '/agents')).toBe(true);
    expect(isNavItemActive('/agents', '/agents/42')).toBe(true);
    expect(isNavItemActive('/agents', '/agentsx')).toBe(false);
    expect(isNavItemActive('/agents/create', '/agents')).toBe(false);
    expect(isNavItemActive('/', '/agents')).toBe(false);
  });

  it('prefers the most specific item', () => {
    expect(activeNavPath('/agents/create', workspaceNavItems)).toBe('/agents/create');
    expect(activeNavPath('/agents/7/edit', workspaceNavItems)).toBe('/agents');
    expect(activeNavPath('/usage', workspaceNavItems)).toBeUndefined();
  });
});

describe('screen classes', () => {
  it.each([
    [0, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
  ] as const)('%i px is %s', (width, screen) => {
    expect(classifyScreen(width)).toBe(screen);
  });

  it('is compact below 1024x768', () => {
    expect(isCompactViewport(1023, 900)).toBe(true);
    expect(isCompactViewport(1280, 767)).toBe(true);
    expect(isCompactViewport(1024, 768)).toBe(false);
  });
});

describe('connect sidebar', () => {
  it('lists the account links', () => {
    expect(connectNavItems('c1').map((item) => [item.path, item.label])).toEqual([
      ['/c1/dashboard', 'Dashboard'],
      ['/c1/sms/campaigns', 'SMS Agent'],
      ['/c1/whatsapp/campaigns', 'WhatsApp Agent'],
      ['/c1/link3', 'Instagram Agent'],
      ['/c1/website-widget', 'Website Widget'],
      ['/c1/website-block', 'Website Block'],
      ['/c1/add-agent', 'Add agent'],
      ['/c1/team', 'Team'],
      ['/c1/ai-settings', 'Settings'],
    ]);
    expect(
      connectNavItems('c1')
        .filter((item) => item.kind === 'button')
        .map((item) => item.path),
    ).toEqual(['/c1/add-agent']);
    expect(
      connectNavItems('c1')
        .filter((item) => item.isSettings)
        .map((item) => item.path),
    ).toEqual(['/c1/ai-settings']);
  });
});
