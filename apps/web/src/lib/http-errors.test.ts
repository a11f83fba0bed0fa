import { CancelledError } from '@tanstack/react-query';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import {
  describeErrorReference,
  describeErrorToast,
  GENERIC_ERROR_TOAST,
  handleApiError,
  toastRequestError,
} from './http-errors';

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

describe('error toasts carry the reference code', () => {
  const failure = apiError(400, {
    error: {
      code: 'VALIDATION_ERROR',
      message: 'Suggested responses must be at most 10 items.',
      support_id: '3f2a9c1e5b7d4f608a1b2c3d4e5f6a7b',
    },
  });

  it('formats the server support id as an upper-cased reference', () => {
    expect(describeErrorReference(failure)).toBe('Reference: 3F2A9C1E5B7D4F608A1B2C3D4E5F6A7B');
    expect(describeErrorReference(new Error('offline'))).toBeUndefined();
  });

  it("shows the screen's title with the server's message and the reference", () => {
    const spy = vi.spyOn(toast, 'error');
    toastRequestError('Settings not saved', failure);
    expect(spy).toHaveBeenCalledWith('Settings not saved', {
      description: 'Suggested responses must be at most 10 items. · Reference: 3F2A9C1E5B7D4F608A1B2C3D4E5F6A7B',
    });
    handleApiError(failure);
    expect(spy).toHaveBeenLastCalledWith('Suggested responses must be at most 10 items.', {
      description: 'Reference: 3F2A9C1E5B7D4F608A1B2C3D4E5F6A7B',
    });
    spy.mockRestore();
  });
});
