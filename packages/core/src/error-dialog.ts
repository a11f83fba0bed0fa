import type { AiErrorType } from './ai-error-parsing';
import type { ErrorActionLabel } from './error-messages';
import type { ErrorCode } from './errors';

export type ErrorDialogAction = { label: ErrorActionLabel; href: string };

export type ErrorDialogEntry = {
  title: string;
  canRetry: boolean;
  action?: ErrorDialogAction;
  /** Shown under the message; entries without one use DEFAULT_ERROR_ADVICE. */
  advice?: string;
};

/** Server codes that have their own dialog (docs/product/README.md#errors). */
type DialogErrorCode = Extract<
  ErrorCode,
  | 'PAYMENT_FAILED'
  | 'INSUFFICIENT_CREDITS'
  | 'SUBSCRIPTION_REQUIRED'
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'INTEGRATION_AUTH_REQUIRED'
  | 'RATE_LIMITED'
  | `SMS_${string}`
  | `WHATSAPP_${string}`
>;

export type ErrorDialogType = Exclude<AiErrorType, 'unknown_error'> | DialogErrorCode;

export const DEFAULT_ERROR_TITLE = 'Error Occurred';
export const DEFAULT_ERROR_ADVICE =
  'Please try again. If the problem persists, contact support with the reference code.';

export const defaultErrorDialogEntry: ErrorDialogEntry = { title: DEFAULT_ERROR_TITLE, canRetry: true };

const smsNumberAdvice = 'Use the international E.164 format, for example +14155550123.';

export const errorDialogCatalogue: Record<ErrorDialogType, ErrorDialogEntry> = {
  quota_exceeded: { title: 'Quota Exceeded', canRetry: false, action: { label: 'Upgrade Plan', href: '/usage' } },
  invalid_api_key: { title: 'Invalid API Key', canRetry: false, action: { label: 'Update API Key', href: '/build' } },
  rate_limit: { title: 'Rate Limit Reached', canRetry: true },
  network_error: { title: 'Connection Problem', canRetry: true },
  timeout: { title: 'Request Timed Out', canRetry: true },
  model_error: { title: 'Model Unavailable', canRetry: true },
  no_api_key: { title: 'API Key Required', canRetry: false, action: { label: 'Add API Key', href: '/build' } },
  config_error: {
    title: 'Configuration Error',
    canRetry: false,
    action: { label: 'Contact Support', href: '/support' },
  },
  validation_error: { title: 'Invalid Input', canRetry: false, advice: 'Check the highlighted fields and try again.' },
  permission_error: { title: 'Permission Denied', canRetry: false, advice: 'Ask an admin of this account for access.' },
  PAYMENT_FAILED: {
    title: 'Payment Failed',
    canRetry: false,
    action: { label: 'Update Payment Method', href: '/settings' },
    advice: 'Update your payment method to continue.',
  },
  INSUFFICIENT_CREDITS: {
    title: 'Insufficient Credits',
    canRetry: false,
    action: { label: 'View Plans', href: '/usage' },
    advice: 'Add credits or upgrade your plan.',
  },
  SUBSCRIPTION_REQUIRED: {
    title: 'Subscription Required',
    canRetry: false,
    action: { label: 'View Plans', href: '/?scrollToPricing=true' },
    advice: 'Pick a plan to use this feature.',
  },
  NOT_FOUND: { title: 'Not Found', canRetry: false, advice: 'It may have been deleted or moved.' },
  UNAUTHORIZED: {
    title: 'Sign In Required',
    canRetry: false,
    action: { label: 'Log In', href: '/api/auth/signin' },
    advice: 'Your session has ended. Sign in again to continue.',
  },
  INTEGRATION_AUTH_REQUIRED: {
    title: 'Reconnect Required',
    canRetry: false,
    action: { label: 'Reconnect App', href: '/connect' },
    advice: 'Reconnect the app to grant access again.',
  },
  RATE_LIMITED: { title: 'Rate Limit Exceeded', canRetry: true, advice: 'Wait a moment, then try again.' },
  SMS_AUTH_FAILED: {
    title: 'SMS Authentication Failed',
    canRetry: false,
    advice: 'Check your SMS provider credentials.',
  },
  SMS_SEND_FAILED: { title: 'Message Not Sent', canRetry: true },
  SMS_INVALID_NUMBER: { title: 'Invalid Phone Number', canRetry: false, advice: smsNumberAdvice },
  SMS_CAMPAIGN_NOT_FOUND: { title: 'Campaign Not Found', canRetry: false },
  SMS_CONTACT_NOT_FOUND: { title: 'Contact Not Found', canRetry: false },
  SMS_CAMPAIGN_ALREADY_COMPLETED: {
    title: 'Campaign Already Completed',
    canRetry: false,
    advice: 'Create a new campaign to message these contacts again.',
  },
  WHATSAPP_AUTH_FAILED: {
    title: 'WhatsApp Authentication Failed',
    canRetry: false,
    advice: 'Check your WhatsApp credentials.',
  },
  WHATSAPP_SEND_FAILED: { title: 'Message Not Sent', canRetry: true },
  WHATSAPP_INVALID_NUMBER: { title: 'Invalid Phone Number', canRetry: false, advice: smsNumberAdvice },
  WHATSAPP_CAMPAIGN_NOT_FOUND: { title: 'Campaign Not Found', canRetry: false },
  WHATSAPP_CONTACT_NOT_FOUND: { title: 'Contact Not Found', canRetry: false },
  WHATSAPP_SESSION_EXPIRED: {
    title: 'WhatsApp Session Expired',
    canRetry: false,
    advice: 'The contact must message you first before a free-form reply can be sent.',
  },
  WHATSAPP_CAMPAIGN_ALREADY_COMPLETED: {
    title: 'Campaign Already Completed',
    canRetry: false,
    advice: 'Create a new campaign to message these contacts again.',
  },
};

export function isErrorDialogType(type: unknown): type is ErrorDialogType {
  return typeof type === 'string' && Object.hasOwn(errorDialogCatalogue, type);
}

/** Any type or server code; unknown ones get the default 'Error Occurred' entry with retry. */
export function getErrorDialogEntry(type: string | null | undefined): ErrorDialogEntry {
  return isErrorDialogType(type) ? errorDialogCatalogue[type] : defaultErrorDialogEntry;
}

export function getErrorAdvice(type: string | null | undefined): string {
  return getErrorDialogEntry(type).advice ?? DEFAULT_ERROR_ADVICE;
}
