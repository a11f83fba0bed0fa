import type { Role } from '@agentry/core/auth';

/** docs/product/accounts-and-team.md#account-area-connectid, Account sidebar layout: the links under /{connectId}/. */
export type ConnectNavItem = {
  /** The page's path below /{connectId}/. */
  segment: string;
  label: string;
  /** The last path segment that marks this link active. */
  activeSegment: string;
  /** Drawn as a button rather than a plain link (Add agent). */
  isButton?: boolean;
};

export const connectNavItems: readonly ConnectNavItem[] = [
  { segment: 'dashboard', label: 'Dashboard', activeSegment: 'dashboard' },
  { segment: 'sms/campaigns', label: 'SMS Agent', activeSegment: 'campaigns' },
  { segment: 'whatsapp/campaigns', label: 'WhatsApp Agent', activeSegment: 'campaigns' },
  { segment: 'link3', label: 'Instagram Agent', activeSegment: 'link3' },
  { segment: 'website-widget', label: 'Website Widget', activeSegment: 'website-widget' },
  { segment: 'website-block', label: 'Website Block', activeSegment: 'website-block' },
  { segment: 'add-agent', label: 'Add agent', activeSegment: 'add-agent', isButton: true },
  { segment: 'team', label: 'Team', activeSegment: 'team' },
  { segment: 'ai-settings', label: 'Settings', activeSegment: 'ai-settings' },
];

export function connectPath(subaccountId: string, segment: string) {
  return `/${encodeURIComponent(subaccountId)}/${segment}`;
}

/**
 * The links the sidebar shows: Settings only once loading finished, and only to admins (the owner
 * is an admin): members and viewers cannot change anything there.
 * (docs/product/accounts-and-team.md#roles-and-permissions: the sidebar's role is known only after the session loads.)
 */
export function visibleConnectNavItems(options: { isLoading: boolean; role: Role | null }): ConnectNavItem[] {
  return connectNavItems.filter(
    (item) => item.segment !== 'ai-settings' || (!options.isLoading && options.role === 'admin'),
  );
}

/**
 * The active link, chosen from the last path segment (docs/product/accounts-and-team.md#account-area-connectid). Two links end in 'campaigns'
 * (SMS and WhatsApp); the segment before it tells them apart.
 */
export function activeConnectSegment(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const last = parts.at(-1);
  if (last === undefined) return null;
  if (last === 'campaigns') {
    const channel = parts.at(-2);
    return channel === 'sms' || channel === 'whatsapp' ? `${channel}/campaigns` : null;
  }
  return connectNavItems.find((item) => item.activeSegment === last)?.segment ?? null;
}

/** docs/product/accounts-and-team.md#account-area-connectid: the account sidebar is skipped for any path containing /sms/. */
export function isSidebarSkipped(pathname: string) {
  return pathname.includes('/sms/');
}
