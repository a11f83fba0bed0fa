import { AFFILIATE_SIGNUP_URL as DEFAULT_AFFILIATE_SIGNUP_URL } from '@agentry/core/support';

export { SUPPORT_EMAIL } from '@agentry/core/support';
export const SALES_EMAIL = 'sales@agentry.dev';
/** Date of the current Terms of Service and Privacy Policy (ISO). */
export const LEGAL_UPDATED_ON = '2026-11-22';

/** The external affiliate sign-up page the footer links to (configurable per deployment). */
const configuredAffiliateUrl: unknown = import.meta.env.VITE_AFFILIATE_SIGNUP_URL;
export const AFFILIATE_SIGNUP_URL =
  typeof configuredAffiliateUrl === 'string' && configuredAffiliateUrl
    ? configuredAffiliateUrl
    : DEFAULT_AFFILIATE_SIGNUP_URL;
