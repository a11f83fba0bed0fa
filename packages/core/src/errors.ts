import { z } from 'zod';

/** Every error code the API can answer with. The wire value equals the key. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  EMAIL_REQUIRED: 'EMAIL_REQUIRED',
  PROMO_CODE_REQUIRED: 'PROMO_CODE_REQUIRED',
  INVALID_PLAN_SELECTION: 'INVALID_PLAN_SELECTION',
  PROMOTION_NOT_APPLICABLE: 'PROMOTION_NOT_APPLICABLE',
  FILE_REQUIRED: 'FILE_REQUIRED',
  INVALID_FILE_NAME: 'INVALID_FILE_NAME',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INTEGRATION_AUTH_REQUIRED: 'INTEGRATION_AUTH_REQUIRED',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  PLAN_REQUIRED: 'PLAN_REQUIRED',
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  VIEWER_READ_ONLY: 'VIEWER_READ_ONLY',
  DIRECT_LOGIN_NOT_ALLOWED: 'DIRECT_LOGIN_NOT_ALLOWED',
  LOOPBACK_ONLY: 'LOOPBACK_ONLY',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  TEMPLATE_NOT_FOUND: 'TEMPLATE_NOT_FOUND',
  BUILDER_JOB_NOT_FOUND: 'BUILDER_JOB_NOT_FOUND',
  DEMO_NOT_FOUND: 'DEMO_NOT_FOUND',
  DEMO_MISCONFIGURED: 'DEMO_MISCONFIGURED',
  CONFLICT: 'CONFLICT',
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  ACTIVE_SUBSCRIPTION_EXISTS: 'ACTIVE_SUBSCRIPTION_EXISTS',
  PROMO_CODE_INVALID: 'PROMO_CODE_INVALID',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  DEMO_LIMIT_REACHED: 'DEMO_LIMIT_REACHED',
  DAILY_LIMIT_REACHED: 'DAILY_LIMIT_REACHED',
  WIDGET_DAILY_LIMIT: 'WIDGET_DAILY_LIMIT',
  WIDGET_NOT_CONNECTED: 'WIDGET_NOT_CONNECTED',
  WIDGET_ORIGIN_NOT_ALLOWED: 'WIDGET_ORIGIN_NOT_ALLOWED',
  CONFIG_ERROR: 'CONFIG_ERROR',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  EMPTY_AI_RESPONSE: 'EMPTY_AI_RESPONSE',
  AI_PROVIDER_ERROR: 'AI_PROVIDER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SMS_AUTH_FAILED: 'SMS_AUTH_FAILED',
  SMS_SEND_FAILED: 'SMS_SEND_FAILED',
  SMS_INVALID_NUMBER: 'SMS_INVALID_NUMBER',
  SMS_CAMPAIGN_NOT_FOUND: 'SMS_CAMPAIGN_NOT_FOUND',
  SMS_CONTACT_NOT_FOUND: 'SMS_CONTACT_NOT_FOUND',
  SMS_CAMPAIGN_ALREADY_COMPLETED: 'SMS_CAMPAIGN_ALREADY_COMPLETED',
  WHATSAPP_AUTH_FAILED: 'WHATSAPP_AUTH_FAILED',
  WHATSAPP_SEND_FAILED: 'WHATSAPP_SEND_FAILED',
  WHATSAPP_INVALID_NUMBER: 'WHATSAPP_INVALID_NUMBER',
  WHATSAPP_CAMPAIGN_NOT_FOUND: 'WHATSAPP_CAMPAIGN_NOT_FOUND',
  WHATSAPP_CONTACT_NOT_FOUND: 'WHATSAPP_CONTACT_NOT_FOUND',
  WHATSAPP_SESSION_EXPIRED: 'WHATSAPP_SESSION_EXPIRED',
  WHATSAPP_CAMPAIGN_ALREADY_COMPLETED: 'WHATSAPP_CAMPAIGN_ALREADY_COMPLETED',
  META_AUTH_FAILED: 'META_AUTH_FAILED',
  META_REQUEST_FAILED: 'META_REQUEST_FAILED',
  META_WINDOW_CLOSED: 'META_WINDOW_CLOSED',
  META_SIGNATURE_INVALID: 'META_SIGNATURE_INVALID',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status and user-facing message per code; product texts verbatim where docs/product gives one. */
export const errorCatalogue: Record<ErrorCode, { status: number; message: string }> = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid input data provided.' },
  EMAIL_REQUIRED: { status: 400, message: 'Email is required' },
  PROMO_CODE_REQUIRED: { status: 400, message: 'Promo code is required' },
  INVALID_PLAN_SELECTION: { status: 400, message: 'Invalid plan selection - missing price ID. Please try again.' },
  PROMOTION_NOT_APPLICABLE: { status: 400, message: 'This promotion does not apply to the selected plan.' },
  FILE_REQUIRED: { status: 400, message: 'No file provided' },
  INVALID_FILE_NAME: { status: 400, message: 'Invalid file name' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue' },
  INTEGRATION_AUTH_REQUIRED: { status: 401, message: 'This app needs to be connected again before it can be used.' },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Insufficient credits. Please add more to continue.' },
  PAYMENT_FAILED: {
    status: 402,
    message: 'Your subscription payment failed. Please update your payment method to continue.',
  },
  PLAN_REQUIRED: { status: 403, message: 'Pick a plan to use this feature' },
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'An active subscription is required for this action.' },
  FORBIDDEN: { status: 403, message: "You don't have permission to perform this action." },
  VIEWER_READ_ONLY: { status: 403, message: 'Viewers cannot save changes' },
  DIRECT_LOGIN_NOT_ALLOWED: { status: 403, message: 'Direct login is not available for this email.' },
  LOOPBACK_ONLY: {
    status: 403,
    message: 'This developer tool only answers requests from the computer the server runs on.',
  },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'Template not found' },
  BUILDER_JOB_NOT_FOUND: { status: 404, message: 'Builder job not found' },
  DEMO_NOT_FOUND: { status: 404, message: 'Demo configuration not found. Please contact the demo creator.' },
  DEMO_MISCONFIGURED: {
    status: 409,
    message: 'Demo is missing configuration. Please recreate the demo from the dashboard.',
  },
  CONFLICT: { status: 409, message: 'This change conflicts with the current state. Please refresh and try again.' },
  SUBSCRIPTION_NOT_FOUND: {
    status: 409,
    message: 'Active subscription not found. Please ensure your subscription is active before making changes.',
  },
  ACTIVE_SUBSCRIPTION_EXISTS: { status: 409, message: 'You already have an active subscription!' },
  PROMO_CODE_INVALID: { status: 400, message: 'Unable to redeem promo code.' },
  FILE_TOO_LARGE: { status: 413, message: 'File exceeds 25MB limit' },
  UNSUPPORTED_FILE_TYPE: { status: 415, message: 'Unsupported file type' },
  RATE_LIMITED: { status: 429, message: 'Rate limit exceeded. Too many requests in a short period.' },
  DEMO_LIMIT_REACHED: {
    status: 429,
    message: 'Demo usage limit reached. Please contact the demo creator for a new link.',
  },
  DAILY_LIMIT_REACHED: { status: 429, message: 'Daily limit reached. Please try again tomorrow.' },
  WIDGET_DAILY_LIMIT: {
    status: 429,
    message: 'This chat has reached its daily message limit. Please try again tomorrow.',
  },
  WIDGET_NOT_CONNECTED: { status: 409, message: 'This widget is not connected to an agent yet.' },
  WIDGET_ORIGIN_NOT_ALLOWED: { status: 403, message: 'This website is not allowed to use this chat widget.' },
  CONFIG_ERROR: { status: 500, message: 'System configuration error.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong' },
  EMPTY_AI_RESPONSE: { status: 502, message: 'AI assistant returned an empty response. Please try again.' },
  /** The AI provider refused or failed; the message and `type` come from parseAiError (docs/product/README.md#errors). */
  AI_PROVIDER_ERROR: { status: 502, message: 'Failed to get response from AI assistant.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
  SMS_AUTH_FAILED: { status: 401, message: 'SMS provider authentication failed.' },
  SMS_SEND_FAILED: { status: 502, message: 'The SMS message could not be sent.' },
  SMS_INVALID_NUMBER: { status: 400, message: 'The phone number is not valid.' },
  SMS_CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found.' },
  SMS_CONTACT_NOT_FOUND: { status: 404, message: 'Contact not found.' },
  SMS_CAMPAIGN_ALREADY_COMPLETED: { status: 409, message: 'This campaign has already been completed.' },
  WHATSAPP_AUTH_FAILED: { status: 401, message: 'WhatsApp authentication failed.' },
  WHATSAPP_SEND_FAILED: { status: 502, message: 'The WhatsApp message could not be sent.' },
  WHATSAPP_INVALID_NUMBER: { status: 400, message: 'The phone number is not valid.' },
  WHATSAPP_CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found.' },
  WHATSAPP_CONTACT_NOT_FOUND: { status: 404, message: 'Contact not found.' },
  WHATSAPP_SESSION_EXPIRED: { status: 409, message: 'The WhatsApp conversation window has expired.' },
  WHATSAPP_CAMPAIGN_ALREADY_COMPLETED: { status: 409, message: 'This campaign has already been completed.' },
  META_AUTH_FAILED: {
    status: 409,
    message: 'Facebook refused the access token (expired or revoked). Reconnect the Page to continue.',
  },
  META_REQUEST_FAILED: { status: 502, message: 'Facebook did not accept the request. Please try again.' },
  META_WINDOW_CLOSED: {
    status: 409,
    message:
      "Not sent: Meta only allows replies within 24 hours of the person's last message. The reply will go out when they write again.",
  },
  META_SIGNATURE_INVALID: { status: 403, message: 'The webhook signature does not match.' },
};

const supportIdPattern = /^[0-9a-f]{32}$/;

/** The structured error every failed API call answers with. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    support_id: z.string().regex(supportIdPattern),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** docs/product/README.md#errors: a 32-hex-character reference is shown upper-cased; anything else as given. */
export function formatSupportReference(id: string): string {
  const trimmed = id.trim();
  return /^[0-9a-f]{32}$/i.test(trimmed) ? trimmed.toUpperCase() : id;
}
