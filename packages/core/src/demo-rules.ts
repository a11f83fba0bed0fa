/**
 * The demo page's constants, texts and rules, in a module without schemas: the shared demo page
 * reads them without loading zod. demos.ts re-exports them.
 */

/** docs/product/demos.md#settings, demo constants. */
export const demoLimits = {
  /** 'Request counter defaults to 0 of 100.' */
  defaultRequestLimit: 100,
  /** A limit above this needs the plan capability demos.advanced. */
  basicMaxRequestLimit: 100,
  maxRequestLimit: 100_000,
  defaultWidth: 420,
  defaultHeight: 600,
  width: { min: 280, max: 1600 },
  height: { min: 300, max: 1600 },
  chatBubbleDelaySeconds: { min: 0, max: 500, default: 2 },
  logoWidth: { min: 50, max: 300, default: 100 },
  logoScale: { min: 0.5, max: 3 },
  logoPosition: { min: -50, max: 150 },
  headerHeight: { min: 40, max: 160, default: 60 },
  headerPadding: { min: 0, max: 64, default: 16 },
  logoSize: { min: 10, max: 300, default: 100 },
  titleSize: { min: 10, max: 96, default: 24 },
  launcherSize: 56,
  bubbleMaxWidth: 260,
  messageLength: 4000,
  historyMessages: 50,
  /** Characters of history, all entries together (the website widget's cap). */
  historyChars: 32_000,
  nameLength: 120,
  /** Link toast 'Link copied to clipboard!' (ms) and the copy-failed fallback (ms). */
  linkToastMs: 2000,
  copyFailedToastMs: 10_000,
  /** Social views slide sideways by this many px when a client message card is visible. */
  clientMessageShiftPx: 160,
} as const;

export const DEMO_DARK_BACKGROUND = '#1a1d23';

/** docs/product/demos.md#texts, Demo chat and Share texts, verbatim. */
export const demoMessages = {
  limitReached: 'Demo usage limit reached. Please contact the demo creator for a new link.',
  notFound: 'Demo configuration not found. Please contact the demo creator.',
  missingConfiguration: 'Demo is missing configuration. Please recreate the demo from the dashboard.',
  failedResponse: 'Failed to get response from AI assistant.',
  failedConnect: 'Failed to connect to AI assistant',
  botError: 'Sorry, I encountered an error. Please try again in a moment.',
  demoServiceFailed: 'Failed to connect to demo service',
  emptyResponse: 'AI assistant returned an empty response. Please try again.',
  linkCopied: 'Link copied to clipboard!',
  copyFailed: (link: string) => `Copy failed. Here's the link: ${link}`,
  loadingDemo: 'Loading demo...',
  loadingWebsitePreview: 'Loading website preview...',
  notEmbeddableTitle: 'This website does not support previews',
  notEmbeddableBody:
    'You can still continue with your demo without a live background. The widget will work perfectly on any website.',
  requestCounter: (used: number, limit: number) => `${used} / ${limit} requests used`,
} as const;

/** docs/product/demos.md#settings, status texts of the social looks (used when platformSettings.statusText is empty). */
export const demoStatusTexts = { facebook: 'Typically replies instantly', instagram: 'Active now' } as const;

/** The element of a shared demo's page that carries the demo (JSON, written by the server, read by the page). */
export const SHARED_DEMO_DATA_ELEMENT_ID = 'shared-demo-data';

/** docs/product/demos.md#settings: bot messages show a fake clock. */
export const DEMO_FAKE_CLOCK = '10:30 AM';

/**
 * The newest entries of a demo history the server takes with a new message: with it, at most
 * `historyMessages`; all together, at most `historyChars` characters. Older ones are left out, so a
 * long conversation goes on (the stored thread keeps the rest).
 */
export function trimDemoHistory<Entry extends { content: string }>(
  entries: readonly Entry[],
  /** Characters the new message takes of the same cap, where it is counted with the history. */
  reservedChars = 0,
): Entry[] {
  const kept: Entry[] = [];
  let characters = reservedChars;
  for (let index = entries.length - 1; index >= 0 && kept.length < demoLimits.historyMessages - 1; index -= 1) {
    const entry = entries[index]!;
    if (characters + entry.content.length > demoLimits.historyChars) break;
    characters += entry.content.length;
    kept.unshift(entry);
  }
  return kept;
}

/**
 * docs/product/demos.md#settings: the history a demo client sends: role and content, the welcome message excluded,
 * empty contents dropped. The server applies the same rule to whatever it receives.
 */
export function toDemoHistory(
  messages: readonly { type?: 'bot' | 'user'; role?: string; content: string; isWelcome?: boolean }[],
  welcomeMessage?: string,
): { role: 'user' | 'assistant'; content: string }[] {
  const history: { role: 'user' | 'assistant'; content: string }[] = [];
  let isLeadingBotMessage = true;
  for (const message of messages) {
    const role = message.role === 'user' || message.type === 'user' ? 'user' : 'assistant';
    const content = message.content.trim();
    const isWelcome =
      message.isWelcome === true ||
      (isLeadingBotMessage &&
        role === 'assistant' &&
        welcomeMessage !== undefined &&
        content === welcomeMessage.trim());
    if (role === 'user') isLeadingBotMessage = false;
    if (isWelcome || content === '') continue;
    history.push({ role, content });
  }
  return history;
}
