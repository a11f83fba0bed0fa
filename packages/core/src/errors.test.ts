import { describe, it, expect } from 'vitest';
import { ApiErrorBody, ErrorCode, errorCatalogue, formatSupportReference } from './errors';

const supportId = '0123456789abcdef0123456789abcdef';

describe('errorCatalogue', () => {
  it.each([
    ['VALIDATION_ERROR', 400, 'Invalid input data provided.'],
    ['UNAUTHORIZED', 401, 'Please sign in to continue'],
    ['INSUFFICIENT_CREDITS', 402, 'Insufficient credits. Please add more to continue.'],
    ['PLAN_REQUIRED', 403, 'Pick a plan to use this feature'],
    ['FORBIDDEN', 403, "You don't have permission to perform this action."],
    ['VIEWER_READ_ONLY', 403, 'Viewers cannot save changes'],
    ['NOT_FOUND', 404, 'Not found'],
    ['ROUTE_NOT_FOUND', 404, 'Route not found'],
    ['RATE_LIMITED', 429, 'Rate limit exceeded. Too many requests in a short period.'],
    ['CONFIG_ERROR', 500, 'System configuration error.'],
    ['INTERNAL_ERROR', 500, 'Something went wrong'],
    ['SERVICE_UNAVAILABLE', 503, 'Service temporarily unavailable'],
    ['EMAIL_REQUIRED', 400, 'Email is required'],
    ['PROMO_CODE_REQUIRED', 400, 'Promo code is required'],
    ['INVALID_PLAN_SELECTION', 400, 'Invalid plan selection - missing price ID. Please try again.'],
    ['FILE_REQUIRED', 400, 'No file provided'],
    ['FILE_TOO_LARGE', 413, 'File exceeds 25MB limit'],
    ['UNSUPPORTED_FILE_TYPE', 415, 'Unsupported file type'],
    ['INVALID_FILE_NAME', 400, 'Invalid file name'],
    ['DEMO_LIMIT_REACHED', 429, 'Demo usage limit reached. Please contact the demo creator for a new link.'],
    ['DEMO_NOT_FOUND', 404, 'Demo configuration not found. Please contact the demo creator.'],
    ['BUILDER_JOB_NOT_FOUND', 404, 'Builder job not found'],
    [
      'SUBSCRIPTION_NOT_FOUND',
      409,
      'Active subscription not found. Please ensure your subscription is active before making changes.',
    ],
  ] as const)('%s answers %i with the documented message', (code, status, message) => {
    expect(errorCatalogue[code]).toEqual({ status, message });
  });

  it('has CONFLICT as 409 and DIRECT_LOGIN_NOT_ALLOWED as 403', () => {
    expect(errorCatalogue.CONFLICT.status).toBe(409);
    expect(errorCatalogue.DIRECT_LOGIN_NOT_ALLOWED.status).toBe(403);
  });

  it('uses each key as its wire value', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key);
  });
});

describe('ApiErrorBody', () => {
  it('accepts a structured error with a 32 hex support id', () => {
    expect(
      ApiErrorBody.safeParse({ error: { code: 'NOT_FOUND', message: 'Not found', support_id: supportId } }).success,
    ).toBe(true);
  });

  it('rejects a support id that is not 32 lower-case hex characters', () => {
    for (const id of [supportId.toUpperCase(), supportId.slice(1), `${supportId}0`, 'z'.repeat(32)]) {
      expect(ApiErrorBody.safeParse({ error: { code: 'X', message: 'x', support_id: id } }).success).toBe(false);
    }
  });
});

describe('support ids', () => {
  it('shows a 32 hex reference upper-cased and anything else unchanged', () => {
    expect(formatSupportReference(supportId)).toBe('0123456789ABCDEF0123456789ABCDEF');
    expect(formatSupportReference('req-123')).toBe('req-123');
  });
});
