export { SUPPORT_EMAIL } from '@agentry/core/support';
export const SALES_EMAIL = 'sales@agentry.dev';
/** Date of the current Terms of Service and Privacy Policy (ISO). */
export const LEGAL_UPDATED_ON = '2026-11-22';
