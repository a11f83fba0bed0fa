import {
  siAirtable,
  siAnthropic,
  siCalendly,
  siFacebook,
  siGmail,
  siGoogleads,
  siGooglecalendar,
  siGoogledrive,
  siHubspot,
  siInstagram,
  siIntercom,
  siMailchimp,
  siMake,
  siMessenger,
  siNotion,
  siShopify,
  siStripe,
  siWhatsapp,
  siX,
  siZapier,
  siZendesk,
  type SimpleIcon,
} from 'simple-icons';

/**
 * The brand icons the marketing pages draw, imported one by one so the bundle carries only
 * these. Brands simple-icons no longer ships (Slack, Salesforce, Twilio, OpenAI) fall back to a
 * letter tile.
 */
const icons: readonly SimpleIcon[] = [
  siAirtable,
  siAnthropic,
  siCalendly,
  siFacebook,
  siGmail,
  siGoogleads,
  siGooglecalendar,
  siGoogledrive,
  siHubspot,
  siInstagram,
  siIntercom,
  siMailchimp,
  siMake,
  siMessenger,
  siNotion,
  siShopify,
  siStripe,
  siWhatsapp,
  siX,
  siZapier,
  siZendesk,
];

export const brandIconsBySlug: ReadonlyMap<string, SimpleIcon> = new Map(icons.map((icon) => [icon.slug, icon]));
export const knownBrandSlugs: ReadonlySet<string> = new Set(brandIconsBySlug.keys());

function relativeLuminance(hex: string) {
  const channels = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The marketing surface (#0d0e12) the icons sit on. */
const SURFACE_LUMINANCE = relativeLuminance('0d0e12');

/**
 * WCAG non-text contrast (3:1) of a brand colour on the dark marketing surface. Brands the core
 * list does not force to white but that would still vanish (Zendesk's near-black teal) use it.
 */
export function hasContrastOnDark(hex: string) {
  const luminance = relativeLuminance(hex);
  return (luminance + 0.05) / (SURFACE_LUMINANCE + 0.05) >= 3;
}
