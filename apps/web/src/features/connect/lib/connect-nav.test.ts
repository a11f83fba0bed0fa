import { describe, expect, it } from 'vitest';
import { activeConnectSegment, connectNavItems, isSidebarSkipped, visibleConnectNavItems } from './connect-nav';

describe('connect sidebar', () => {
  it('has every documented link, Instagram Agent on link3 and Settings on ai-settings', () => {
    expect(connectNavItems.map((item) => item.segment)).toEqual([
      'dashboard',
      'sms/campaigns',
      'whatsapp/campaigns',
      'link3',
      'website-widget',
      'website-block',
      'add-agent',
      'team',
      'ai-settings',
    ]);
    expect(connectNavItems.find((item) => item.segment === 'link3')?.label).toBe('Instagram Agent');
    expect(connectNavItems.find((item) => item.segment === 'ai-settings')?.label).toBe('Settings');
    expect(connectNavItems.find((item) => item.segment === 'add-agent')).toMatchObject({
      label: 'Add agent',
      isButton: true,
    });
  });

  it('shows Settings only once loading finished, and only to admins', () => {
    const hasSettings = (options: Parameters<typeof visibleConnectNavItems>[0]) =>
      visibleConnectNavItems(options).some((item) => item.segment === 'ai-settings');
    expect(hasSettings({ isLoading: true, role: 'admin' })).toBe(false);
    expect(hasSettings({ isLoading: false, role: 'member' })).toBe(false);
    expect(hasSettings({ isLoading: false, role: 'admin' })).toBe(true);
    expect(hasSettings({ isLoading: false, role: 'viewer' })).toBe(false);
  });

  it('picks the active link from the last path segment', () => {
    expect(activeConnectSegment('/sa-1/website-widget')).toBe('website-widget');
    expect(activeConnectSegment('/sa-1/dashboard')).toBe('dashboard');
    expect(activeConnectSegment('/sa-1/whatsapp/campaigns')).toBe('whatsapp/campaigns');
    expect(activeConnectSegment('/sa-1/link3')).toBe('link3');
    expect(activeConnectSegment('/sa-1/unknown')).toBeNull();
  });

  it('is skipped for any path containing /sms/', () => {
    expect(isSidebarSkipped('/sa-1/sms/campaigns')).toBe(true);
    expect(isSidebarSkipped('/sa-1/website-widget')).toBe(false);
  });
});
