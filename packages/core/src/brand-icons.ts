/** docs/product/README.md#brand-icons: trailing words stripped before matching ('Google Ads' still matches googleads first). */
export const strippedTrailingWords: ReadonlySet<string> = new Set([
  'ads',
  'ai',
  'app',
  'apps',
  'suite',
  'platform',
  'service',
  'services',
  'integration',
  'hub',
]);

/** Normalized name -> icon slug, for names that differ from their brand's slug. */
export const brandAliases: Readonly<Record<string, string>> = {
  googlesuite: 'googleworkspace',
  gsuite: 'googleworkspace',
  twitter: 'x',
  googlemail: 'gmail',
  hubspotcrm: 'hubspot',
  salesforcecrm: 'salesforce',
  makecom: 'make',
  integromat: 'make',
  chatgpt: 'openai',
  claude: 'anthropic',
  gcal: 'googlecalendar',
  gdrive: 'googledrive',
  msteams: 'microsoftteams',
  teams: 'microsoftteams',
  outlook: 'microsoftoutlook',
  whatsappbusiness: 'whatsapp',
  facebookmessenger: 'messenger',
  fb: 'facebook',
  ig: 'instagram',
};

function splitWords(name: string): string[] {
  // Accents are dropped first so 'Café' still matches 'cafe'.
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Lower-cased with every space and punctuation mark removed: 'Google Calendar' -> 'googlecalendar'. */
export function normalizeBrandName(name: string): string {
  return splitWords(name).join('');
}

/** Drops trailing generic words while at least one word remains: 'Zendesk Suite App' -> 'zendesk'. */
export function stripTrailingWords(name: string): string {
  const words = splitWords(name);
  while (words.length > 1 && strippedTrailingWords.has(words.at(-1) ?? '')) words.pop();
  return words.join('');
}

/** The icon slug for a service name: exact, then alias, then with trailing words stripped. */
export function matchBrandSlug(name: string, knownSlugs: ReadonlySet<string>): string | undefined {
  const normalized = normalizeBrandName(name);
  const stripped = stripTrailingWords(name);
  const candidates = [normalized, brandAliases[normalized], stripped, brandAliases[stripped]];
  return candidates.find((slug): slug is string => slug !== undefined && slug !== '' && knownSlugs.has(slug));
}

/** Brands whose own colour is too dark to show on our dark surfaces. */
export const forcedWhiteSlugs: ReadonlySet<string> = new Set([
  'x',
  'github',
  'openai',
  'anthropic',
  'notion',
  'apple',
  'vercel',
  'tiktok',
  'threads',
  'ollama',
  'medium',
  'uber',
  'squarespace',
]);

export function isForcedWhite(slug: string): boolean {
  return forcedWhiteSlugs.has(slug);
}

/** Services shown on the landing page's integrations section. */
export const landingIntegrations: readonly string[] = [
  'Gmail',
  'Slack',
  'HubSpot',
  'Salesforce',
  'Google Calendar',
  'Calendly',
  'Zapier',
  'Make',
  'Stripe',
  'Shopify',
  'WhatsApp',
  'Instagram',
  'Facebook',
  'Twilio',
  'OpenAI',
  'Anthropic',
  'Google Drive',
  'Notion',
  'Airtable',
  'Zendesk',
  'Intercom',
  'Mailchimp',
  'Google Ads',
  'X',
];
