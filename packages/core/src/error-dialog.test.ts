import { describe, it, expect } from 'vitest';
import { DEFAULT_ERROR_ADVICE, errorDialogCatalogue, getErrorAdvice, getErrorDialogEntry } from './error-dialog';
import { errorActionLabels } from './error-messages';

describe('getErrorDialogEntry', () => {
  it("defaults to 'Error Occurred' with retry", () => {
    expect(getErrorDialogEntry('something_new')).toEqual({ title: 'Error Occurred', canRetry: true });
    expect(getErrorDialogEntry(undefined).title).toBe('Error Occurred');
    expect(getErrorDialogEntry('unknown_error').title).toBe('Error Occurred');
  });

  it.each(['rate_limit', 'network_error', 'timeout', 'model_error'])('%s offers retry', (type) => {
    expect(getErrorDialogEntry(type).canRetry).toBe(true);
  });

  it.each(['quota_exceeded', 'invalid_api_key', 'no_api_key', 'config_error', 'validation_error', 'permission_error'])(
    '%s does not offer retry',
    (type) => {
      expect(getErrorDialogEntry(type).canRetry).toBe(false);
    },
  );

  it('no_api_key opens settings at /build', () => {
    expect(getErrorDialogEntry('no_api_key').action).toEqual({ label: 'Add API Key', href: '/build' });
  });

  it('has titles for the AI types', () => {
    expect(getErrorDialogEntry('quota_exceeded').title).toBe('Quota Exceeded');
    expect(getErrorDialogEntry('invalid_api_key').title).toBe('Invalid API Key');
  });

  it.each([
    'PAYMENT_FAILED',
    'INSUFFICIENT_CREDITS',
    'SUBSCRIPTION_REQUIRED',
    'NOT_FOUND',
    'UNAUTHORIZED',
    'INTEGRATION_AUTH_REQUIRED',
    'RATE_LIMITED',
    'SMS_AUTH_FAILED',
    'SMS_SEND_FAILED',
    'SMS_INVALID_NUMBER',
    'SMS_CAMPAIGN_NOT_FOUND',
    'SMS_CONTACT_NOT_FOUND',
    'SMS_CAMPAIGN_ALREADY_COMPLETED',
    'WHATSAPP_AUTH_FAILED',
    'WHATSAPP_SEND_FAILED',
    'WHATSAPP_INVALID_NUMBER',
    'WHATSAPP_CAMPAIGN_NOT_FOUND',
    'WHATSAPP_CONTACT_NOT_FOUND',
    'WHATSAPP_SESSION_EXPIRED',
    'WHATSAPP_CAMPAIGN_ALREADY_COMPLETED',
  ])('has its own entry for %s', (code) => {
    expect(getErrorDialogEntry(code).title).not.toBe('Error Occurred');
  });

  it('payment failure leads to updating the payment method', () => {
    expect(getErrorDialogEntry('PAYMENT_FAILED').action).toEqual({ label: 'Update Payment Method', href: '/settings' });
  });

  it('uses only documented action labels', () => {
    for (const entry of Object.values(errorDialogCatalogue)) {
      if (entry.action) expect(errorActionLabels).toContain(entry.action.label);
    }
  });

  it('gives E.164 advice for invalid numbers', () => {
    expect(getErrorAdvice('SMS_INVALID_NUMBER')).toMatch(/E\.164.*\+\d{8,15}\b/);
    expect(getErrorAdvice('nope')).toBe(DEFAULT_ERROR_ADVICE);
  });
});
