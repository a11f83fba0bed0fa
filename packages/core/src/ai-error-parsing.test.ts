import { describe, it, expect } from 'vitest';
import { parseAiError } from './ai-error-parsing';

describe('parseAiError by code', () => {
  it('insufficient_quota becomes quota_exceeded', () => {
    const body = { error: { message: 'You exceeded...', type: 'insufficient_quota', code: 'insufficient_quota' } };
    expect(parseAiError({ status: 429, body })).toEqual({
      type: 'quota_exceeded',
      message: 'You exceeded your current quota, please check your plan and billing details.',
      advice: 'Add credits or upgrade your plan.',
    });
  });

  it('invalid_api_key', () => {
    expect(parseAiError({ status: 401, body: { error: { code: 'invalid_api_key', message: 'Incorrect' } } })).toEqual({
      type: 'invalid_api_key',
      message: 'Your API key is invalid or has been revoked.',
      advice: 'Update your API key in settings.',
    });
  });

  it('rate_limit_exceeded becomes rate_limit', () => {
    expect(parseAiError({ code: 'rate_limit_exceeded' })).toEqual({
      type: 'rate_limit',
      message: 'Rate limit exceeded. Too many requests in a short period.',
      advice: 'Wait a moment, then try again.',
    });
  });

  it('model_not_found becomes model_error', () => {
    expect(parseAiError({ status: 404, body: JSON.stringify({ error: { code: 'model_not_found' } }) })).toEqual({
      type: 'model_error',
      message: 'The requested AI model is not available.',
      advice: 'Try again in a few minutes.',
    });
  });

  it('reads a code on a thrown error', () => {
    expect(parseAiError(Object.assign(new Error('x'), { code: 'insufficient_quota' })).type).toBe('quota_exceeded');
  });
});

describe('parseAiError from general messages', () => {
  it('a fetch TypeError gives network_error', () => {
    expect(parseAiError(new TypeError('Failed to fetch'))).toEqual({
      type: 'network_error',
      message: 'Unable to connect to the service.',
      advice: 'Check your internet connection and try again.',
    });
    expect(parseAiError(new TypeError('fetch failed')).type).toBe('network_error');
  });

  it('a TypeError unrelated to fetch is not a network error', () => {
    expect(parseAiError(new TypeError('x is not a function')).type).toBe('unknown_error');
  });

  it('timeout', () => {
    expect(parseAiError(new Error('Request timed out after 30s'))).toMatchObject({
      type: 'timeout',
      message: 'The request timed out.',
    });
    expect(parseAiError(new Error('ETIMEDOUT')).type).toBe('timeout');
  });

  it('missing encryption key gives config_error', () => {
    expect(parseAiError(new Error('ENCRYPTION_KEY missing: encryption key not configured'))).toMatchObject({
      type: 'config_error',
      message: 'System configuration error.',
    });
  });

  it('no API key', () => {
    expect(parseAiError({ message: 'No OpenAI API key found for this user' })).toMatchObject({
      type: 'no_api_key',
      message: 'No OpenAI API key found.',
    });
    expect(parseAiError('API key is missing').type).toBe('no_api_key');
  });

  it('unauthorized gives permission_error', () => {
    expect(parseAiError(new Error('Unauthorized'))).toMatchObject({
      type: 'permission_error',
      message: "You don't have permission to perform this action.",
    });
  });

  it('validation gives validation_error', () => {
    expect(parseAiError({ status: 400, body: { error: 'Validation failed: name' } })).toMatchObject({
      type: 'validation_error',
      message: 'Invalid input data provided.',
    });
  });

  it('backend or Azure', () => {
    expect(parseAiError(new Error('Backend responded with 502'))).toMatchObject({
      type: 'config_error',
      message: 'Backend service temporarily unavailable.',
    });
    expect(parseAiError(new Error('Azure OpenAI deployment failed')).message).toBe(
      'Backend service temporarily unavailable.',
    );
  });

  it('database', () => {
    expect(parseAiError({ status: 500, body: { message: 'database connection refused' } })).toMatchObject({
      type: 'config_error',
      message: 'Database connection error.',
    });
  });
});

describe('parseAiError by HTTP status', () => {
  it('503 is service unavailable with maintenance advice', () => {
    const parsed = parseAiError({ status: 503, body: '<html>Service Unavailable</html>' });
    expect(parsed.type).toBe('config_error');
    expect(parsed.message).toBe('Service temporarily unavailable');
    expect(parsed.advice).toMatch(/maintenance/);
  });

  it.each([500, 501, 502])('%i is a server error', (status) => {
    expect(parseAiError({ status, body: null })).toMatchObject({
      type: 'config_error',
      message: 'Server error occurred',
    });
  });

  it("other statuses with an unparseable body give 'Request failed with status {code}'", () => {
    expect(parseAiError({ status: 418, body: 'I am a teapot' }).message).toBe('Request failed with status 418');
    expect(parseAiError({ status: 504 }).message).toBe('Request failed with status 504');
  });

  it('keeps an unrecognised server message', () => {
    expect(parseAiError({ status: 400, body: { error: 'Prompt too long' } })).toMatchObject({
      type: 'unknown_error',
      message: 'Prompt too long',
    });
  });

  it('handles nothing at all', () => {
    expect(parseAiError(undefined).message).toBe('Something went wrong');
  });
});
