import { describe, it, expect } from 'vitest';
import {
  buildSupportMessage,
  cardErrorMessages,
  describeCardError,
  describeHttpFailure,
  errorActionLabels,
  extractErrorMessage,
} from './error-messages';

describe('extractErrorMessage', () => {
  it('prefers the response data error string', () => {
    expect(extractErrorMessage({ data: { error: 'Bad plan', message: 'ignored' }, error: new Error('ignored') })).toBe(
      'Bad plan',
    );
  });

  it('reads a structured error message', () => {
    expect(extractErrorMessage({ data: { error: { code: 'X', message: 'Structured' } } })).toBe('Structured');
  });

  it('then the response data message', () => {
    expect(extractErrorMessage({ data: { message: 'From message' }, error: new Error('ignored') })).toBe(
      'From message',
    );
  });

  it('then the exception message', () => {
    expect(extractErrorMessage({ data: {}, error: new Error('Thrown') })).toBe('Thrown');
  });

  it("else 'Something went wrong'", () => {
    expect(extractErrorMessage({})).toBe('Something went wrong');
    expect(extractErrorMessage({ data: { error: '' }, error: 'text' })).toBe('Something went wrong');
  });
});

describe('describeHttpFailure', () => {
  it('401 asks to sign in', () => {
    expect(describeHttpFailure({ status: 401, body: { error: 'x' } })).toEqual({
      kind: 'signin',
      message: 'Please sign in to continue',
    });
  });

  it('402 shows the reason, then the error, then the default', () => {
    expect(describeHttpFailure({ status: 402, body: { reason: 'Out of credits', error: 'e' } })).toEqual({
      kind: 'credits',
      message: 'Out of credits',
    });
    expect(describeHttpFailure({ status: 402, body: { error: 'No credits left' } }).message).toBe('No credits left');
    expect(describeHttpFailure({ status: 402, body: null }).message).toBe(
      'Insufficient credits. Please add more to continue.',
    );
  });

  it('403 asks to pick a plan', () => {
    expect(describeHttpFailure({ status: 403, body: { error: 'nope' } })).toEqual({
      kind: 'plan',
      message: 'Pick a plan to use this feature',
    });
    expect(describeHttpFailure({ status: 403, body: { error: { code: 'PLAN_REQUIRED', message: 'x' } } }).kind).toBe(
      'plan',
    );
  });

  it('403 for a role shows the server message', () => {
    const body = {
      error: { code: 'VIEWER_READ_ONLY', message: 'Viewers cannot save changes', support_id: 'a'.repeat(32) },
    };
    expect(describeHttpFailure({ status: 403, body })).toEqual({
      kind: 'other',
      message: 'Viewers cannot save changes',
    });
  });

  it('otherwise shows error, message, details, then the fallback', () => {
    expect(describeHttpFailure({ status: 500, body: { error: 'E', message: 'M' } }).message).toBe('E');
    expect(describeHttpFailure({ status: 400, body: { message: 'M', details: 'D' } }).message).toBe('M');
    expect(describeHttpFailure({ status: 422, body: { details: 'D' } }).message).toBe('D');
    expect(describeHttpFailure({ status: 404, body: '<html>', fallback: 'Failed to load builds' })).toEqual({
      kind: 'other',
      message: 'Failed to load builds',
    });
    expect(describeHttpFailure({ status: 500, body: null }).message).toBe('Something went wrong');
  });
});

describe('card errors', () => {
  it.each([
    ['card_declined', 'Your card was declined. Please update your payment method and try again.'],
    ['insufficient_funds', 'Your card has insufficient funds. Please try a different payment method.'],
    ['payment_method_required', 'No payment method on file. Please add a payment method first.'],
    ['authentication_required', 'Your bank requires authentication. Please try again and complete the verification.'],
    ['expired_card', 'Your card has expired. Please update your payment method.'],
  ] as const)('%s', (code, message) => {
    expect(cardErrorMessages[code]).toBe(message);
    expect(describeCardError(code)).toBe(message);
  });

  it('falls back to the default text', () => {
    expect(describeCardError('processing_error')).toBe('Failed to process upgrade. Please try again.');
    expect(describeCardError(undefined)).toBe('Failed to process upgrade. Please try again.');
    expect(describeCardError('toString')).toBe('Failed to process upgrade. Please try again.');
  });
});

describe('buildSupportMessage', () => {
  it('builds the clipboard text with the reference code upper-cased', () => {
    expect(buildSupportMessage({ message: 'Upload failed', supportId: 'abcdef0123456789abcdef0123456789' })).toBe(
      "I'm experiencing an issue: Upload failed\nReference Code: ABCDEF0123456789ABCDEF0123456789",
    );
  });

  it('omits the reference line without a support id', () => {
    expect(buildSupportMessage({ message: 'Upload failed' })).toBe("I'm experiencing an issue: Upload failed");
  });
});

describe('errorActionLabels', () => {
  it('lists the 22 documented labels in order', () => {
    expect(errorActionLabels).toHaveLength(22);
    expect(errorActionLabels[0]).toBe('Update Payment Method');
    expect(errorActionLabels.at(-1)).toBe('Check Configuration');
    expect(errorActionLabels).toContain('Log In');
  });
});
