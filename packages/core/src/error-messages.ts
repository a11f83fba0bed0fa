import { formatSupportReference } from './support-reference';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue';
export const INSUFFICIENT_CREDITS_MESSAGE = 'Insufficient credits. Please add more to continue.';
export const PLAN_REQUIRED_MESSAGE = 'Pick a plan to use this feature';

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A response's `error` field: a plain string, or the structured `{ error: { message } }` form. */
function readErrorField(data: unknown): string | undefined {
  const error = readRecord(data)?.error;
  return readText(error) ?? readText(readRecord(error)?.message);
}

/** docs/product/README.md#errors, message extraction order: data error, data message, exception message, default. */
export function extractErrorMessage(input: { data?: unknown; error?: unknown }): string {
  return (
    readErrorField(input.data) ??
    readText(readRecord(input.data)?.message) ??
    readText(readRecord(input.error)?.message) ??
    DEFAULT_ERROR_MESSAGE
  );
}

export type HttpFailure = { kind: 'signin' | 'credits' | 'plan' | 'other'; message: string };

/** docs/product/README.md#errors, generic HTTP handling of a non-2xx answer. */
export function describeHttpFailure(input: { status: number; body: unknown; fallback?: string }): HttpFailure {
  const body = readRecord(input.body);
  if (input.status === 401) return { kind: 'signin', message: SIGN_IN_REQUIRED_MESSAGE };
  if (input.status === 402) {
    return { kind: 'credits', message: readText(body?.reason) ?? readErrorField(body) ?? INSUFFICIENT_CREDITS_MESSAGE };
  }
  // Our own API also answers 403 for roles (e.g. VIEWER_READ_ONLY); only a plan gate, or a 403
  // without a structured code, reads as "pick a plan".
  const code = readRecord(body?.error)?.code;
  if (input.status === 403 && (code === undefined || code === 'PLAN_REQUIRED')) {
    return { kind: 'plan', message: PLAN_REQUIRED_MESSAGE };
  }
  return {
    kind: 'other',
    message:
      readErrorField(body) ??
      readText(body?.message) ??
      readText(body?.details) ??
      input.fallback ??
      DEFAULT_ERROR_MESSAGE,
  };
}

/** docs/product/billing-and-credits.md#checkout-and-plan-changes, card and payment errors in the plan-change dialog. */
export const cardErrorMessages = {
  card_declined: 'Your card was declined. Please update your payment method and try again.',
  insufficient_funds: 'Your card has insufficient funds. Please try a different payment method.',
  payment_method_required: 'No payment method on file. Please add a payment method first.',
  authentication_required: 'Your bank requires authentication. Please try again and complete the verification.',
  expired_card: 'Your card has expired. Please update your payment method.',
} as const;
export type CardErrorCode = keyof typeof cardErrorMessages;

export const DEFAULT_CARD_ERROR_MESSAGE = 'Failed to process upgrade. Please try again.';

export function isCardErrorCode(code: unknown): code is CardErrorCode {
  return typeof code === 'string' && Object.hasOwn(cardErrorMessages, code);
}

export function describeCardError(code: string | null | undefined): string {
  return isCardErrorCode(code) ? cardErrorMessages[code] : DEFAULT_CARD_ERROR_MESSAGE;
}

/** payment_method_required shows a link to settings. */
export const PAYMENT_METHOD_SETTINGS_PATH = '/settings';

/** The text the 'copy support message' action places on the clipboard. */
export function buildSupportMessage(input: { message: string; supportId?: string | null }): string {
  const lines = [`I'm experiencing an issue: ${input.message}`];
  if (input.supportId) lines.push(`Reference Code: ${formatSupportReference(input.supportId)}`);
  return lines.join('\n');
}

/** Default server message of the structured API error display. */
export const DEFAULT_API_ERROR_MESSAGE = 'An error occurred';

/** docs/product/README.md#errors, action labels of the structured API error display. */
export const errorActionLabels = [
  'Update Payment Method',
  'Contact Support',
  'View Plans',
  'Upgrade Plan',
  'View Billing',
  'Reconnect App',
  'Connect Account',
  'Retry',
  'Log In',
  'Update Credentials',
  'Reconnect',
  'View Campaigns',
  'Stop Campaign',
  'Create New Campaign',
  'Fix Input',
  'View Builds',
  'Activate Connection',
  'Add API Key',
  'Update API Key',
  'Configure API Key',
  'Reconfigure',
  'Check Configuration',
] as const;
export type ErrorActionLabel = (typeof errorActionLabels)[number];
