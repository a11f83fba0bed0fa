import { CancelledError } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { describeErrorToast, GENERIC_ERROR_TOAST } from './http-errors';

function apiError(status: number, body: unknown) {
  return new ApiError({ status, body, message: 'ignored', kind: 'other' });
}

describe('describeErrorToast', () => {
  it('maps 401, 402 and 403 to the documented texts', () => {
    expect(describeErrorToast(apiError(401, null))).toBe('Please sign in to continue');
    expect(describeErrorToast(apiError(402, { reason: 'Out of credits for this month' }))).toBe(
      'Out of credits for this month',
    );
    expect(describeErrorToast(apiError(402, null))).toBe('Insufficient credits. Please add more to continue.');
    expect(describeErrorToast(apiError(403, null))).toBe('Pick a plan to use this feature');
  });

  it("uses the server's message, else the fallback", () => {
    expect(
      describeErrorToast(
        apiError(500, { error: { code: 'INTERNAL_ERROR', message: 'Database connection error.', support_id: 'x' } }),
      ),
    ).toBe('Database connection error.');
    expect(describeErrorToast(apiError(400, { details: 'name is too long' }))).toBe('name is too long');
    expect(describeErrorToast(apiError(502, null))).toBe(GENERIC_ERROR_TOAST);
    expect(describeErrorToast(new Error('Failed to save template'))).toBe('Failed to save template');
    expect(describeErrorToast(undefined)).toBe('something went wrong...');
  });

  it('is silent for cancelled requests and a missing template', () => {
    expect(describeErrorToast(new CancelledError())).toBeNull();
    expect(describeErrorToast(new DOMException('The operation was aborted.', 'AbortError'))).toBeNull();
    expect(
      describeErrorToast(
        apiError(404, { error: { code: 'TEMPLATE_NOT_FOUND', message: 'Template not found', support_id: 'x' } }),
      ),
    ).toBeNull();
    expect(describeErrorToast(new Error('Template not found'))).toBeNull();
  });
});
