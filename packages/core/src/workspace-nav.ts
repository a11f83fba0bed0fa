export type NavItem = { path: string; label: string; description?: string };

/** docs/product/accounts-and-team.md#workspace-shell, sidebar, Workspace group. */
export const workspaceNavItems: readonly NavItem[] = [
  { path: '/agents/create', label: 'New Agent', description: 'Create a new agent' },
  { path: '/agents', label: 'Agents', description: 'Visual agent builder' },
  { path: '/demo', label: 'Demo', description: 'Showcase to clients' },
  { path: '/connect', label: 'Launch', description: 'Deploy to production' },
];

/** docs/product/accounts-and-team.md#workspace-shell, sidebar, Resources group (collapsible on mobile). */
export const resourceNavItems: readonly NavItem[] = [
  { path: '/usage', label: 'Usage' },
  { path: '/marketplace', label: 'Marketplace' },
  { path: '/apitester', label: 'API Key' },
  { path: '/howitworks', label: 'Community' },
  { path: '/support', label: 'Support' },
  { path: '/affiliate', label: 'Affiliate Program' },
];

const headerTitles: Readonly<Record<string, string>> = {
  build: 'Build Agents',
  optimize: 'Optimize & Improve',
  demo: 'Demo Agents',
  marketplace: 'AI Marketplace',
  connect: 'Launch Agents',
  dashboard: 'Bulk Tester',
  'new-evaluation': 'Bulk Tester',
  aimentor: 'AI Mentor',
  apitester: 'API Testing',
  howitworks: 'Video Guides',
  support: 'Support Center',
};

export const DEFAULT_HEADER_TITLE = 'Dashboard';

function splitPath(pathname: string): string[] {
  return pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
}

/** Sections whose pages below keep the section's title (a project, a run's settings, progress and results). */
const sectionTitles: Readonly<Record<string, string>> = {
  marketplace: 'AI Marketplace',
  'new-evaluation': 'Bulk Tester',
  demo: 'Demo Agents',
};

/**
 * Workspace pages the header table leaves to 'Dashboard' (docs/product): they are headed by what the page is
 * (its own heading), longest path first.
 */
const pageTitles: readonly (readonly [string, string])[] = [
  ['/agents/create', 'New Agent'],
  ['/agents', 'Agents'],
  ['/subaccounts', 'Agents'],
  ['/usage', 'Usage & Billing'],
  ['/settings', 'Settings'],
  ['/affiliate', 'Affiliate Program'],
];

/**
 * docs/product/accounts-and-team.md#workspace-shell: the header title. A page inside a section
 * keeps the section's title; else the title of the last path segment; else the page's own name;
 * anything else 'Dashboard'.
 */
export function headerTitleFor(pathname: string): string {
  const segments = splitPath(pathname);
  const first = segments[0];
  if (first !== undefined && Object.hasOwn(sectionTitles, first)) return sectionTitles[first] ?? DEFAULT_HEADER_TITLE;
  const last = segments.at(-1);
  if (last !== undefined && Object.hasOwn(headerTitles, last)) return headerTitles[last] ?? DEFAULT_HEADER_TITLE;
  const path = `/${segments.join('/')}`;
  const page = pageTitles.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return page?.[1] ?? DEFAULT_HEADER_TITLE;
}

/** Exact match, or a prefix ending on a segment boundary ('/agents' matches '/agents/1', not '/agentsx'). */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const item = splitPath(itemPath);
  const current = splitPath(pathname);
  if (item.length === 0) return current.length === 0;
  return item.length <= current.length && item.every((segment, index) => segment === current[index]);
}

/** The most specific matching item, so '/agents/create' wins over '/agents'. */
export function activeNavPath(pathname: string, items: readonly { path: string }[]): string | undefined {
  let best: string | undefined;
  for (const { path } of items) {
    if (isNavItemActive(path, pathname) && (best === undefined || splitPath(path).length > splitPath(best).length)) {
      best = path;
    }
  }
  return best;
}

export type ScreenClass = 'mobile' | 'tablet' | 'desktop';

export function classifyScreen(width: number): ScreenClass {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/** Compact sidebar mode below 1024x768 in either dimension. */
export function isCompactViewport(width: number, height: number): boolean {
  return width < 1024 || height < 768;
}

export type ConnectNavItem = NavItem & { kind: 'link' | 'button'; isSettings: boolean };

/** docs/product/accounts-and-team.md#account-area-connectid, account sidebar under /{connectId}/…. */
export function connectNavItems(connectId: string): ConnectNavItem[] {
  const base = `/${encodeURIComponent(connectId)}`;
  const link = (segment: string, label: string, kind: 'link' | 'button' = 'link'): ConnectNavItem => ({
    path: `${base}/${segment}`,
    label,
    kind,
    isSettings: false,
  });
  return [
    link('dashboard', 'Dashboard'),
    link('sms/campaigns', 'SMS Agent'),
    link('whatsapp/campaigns', 'WhatsApp Agent'),
    link('link3', 'Instagram Agent'),
    link('website-widget', 'Website Widget'),
    link('website-block', 'Website Block'),
    link('add-agent', 'Add agent', 'button'),
    link('team', 'Team'),
    { ...link('ai-settings', 'Settings'), isSettings: true },
  ];
}
