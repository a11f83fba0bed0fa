import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilioServer, signTwilioWebhook, type FakeTwilioServer } from '../../test/fake-twilio-server';
import { AppError } from '../../platform/http/app-error';
import { createTwilioMessagingProvider, isValidTwilioSignature } from './twilio-messaging-provider';

const account = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'token-one' };
const senders = { smsFrom: '+15550000001', whatsappFrom: '+15550000002' };

let fake: FakeTwilioServer;
beforeAll(async () => {
  fake = await startFakeTwilioServer({
    accounts: [{ ...account, apiKeys: [{ sid: `SK${'2'.repeat(32)}`, secret: 'key-secret' }] }],
  });
});
afterAll(() => fake.close());

function provider(credentials: Partial<typeof account> & { apiKeySid?: string; apiKeySecret?: string } = {}) {
  return createTwilioMessagingProvider({ credentials: { ...account, ...credentials }, senders, apiBase: fake.url });
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('Twilio messaging provider (the twilio package against the fake Twilio)', () => {
  it('sends SMS and WhatsApp messages from the connection senders', async () => {
    const sms = await provider().send({ channel: 'sms', to: '+15551230001', body: 'Hello there' });
    expect(sms).toMatchObject({ status: 'queued', providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const whatsapp = await provider().send({
      channel: 'whatsapp',
      to: '+15551230001',
      contentSid: 'HX123',
      contentVariables: { '1': 'Ada' },
    });
    const [first] = fake.sentTo('+15551230001');
    expect(first).toMatchObject({ from: '+15550000001', body: 'Hello there' });
    expect(fake.sentTo('whatsapp:+15551230001')[0]).toMatchObject({
      sid: whatsapp.providerMessageId,
      from: 'whatsapp:+15550000002',
      contentSid: 'HX123',
      contentVariables: '{"1":"Ada"}',
    });
  });

  it('authenticates with an API key instead of the auth token', async () => {
    const sent = await provider({
      authToken: 'unused',
      apiKeySid: `SK${'2'.repeat(32)}`,
      apiKeySecret: 'key-secret',
    }).send({ channel: 'sms', to: '+15551230002', body: 'via key' });
    expect(sent.providerMessageId).toMatch(/^SM/);
  });

  it('turns Twilio refusals into our error codes', async () => {
    expect(await codeOf(provider({ authToken: 'wrong' }).send({ channel: 'sms', to: '+15551230003', body: 'x' }))).toBe(
      'SMS_AUTH_FAILED',
    );
    expect(await codeOf(provider().send({ channel: 'sms', to: '+1555', body: 'x' }))).toBe('SMS_INVALID_NUMBER');
    expect(await codeOf(provider().send({ channel: 'whatsapp', to: '12', body: 'x' }))).toBe('WHATSAPP_INVALID_NUMBER');
    fake.failNextSend({ status: 400, code: 63016, message: 'Failed to send freeform message outside the window' });
    expect(await codeOf(provider().send({ channel: 'whatsapp', to: '+15551230003', body: 'x' }))).toBe(
      'WHATSAPP_SESSION_EXPIRED',
    );
    fake.failNextSend({ status: 500, code: 20500, message: 'Internal Server Error' });
    expect(await codeOf(provider().send({ channel: 'sms', to: '+15551230003', body: 'x' }))).toBe('SMS_SEND_FAILED');
  });

  it('verifies credentials against the account resource', async () => {
    await expect(provider().verifyCredentials()).resolves.toBeUndefined();
    expect(await codeOf(provider({ authToken: 'wrong' }).verifyCredentials())).toBe('SMS_AUTH_FAILED');
  });

  it('tells a check that could not reach Twilio from one Twilio refused: only a refusal is SMS_AUTH_FAILED', async () => {
    const unreachable = createTwilioMessagingProvider({
      credentials: account,
      senders,
      // A port nothing listens on: the connection is refused before any answer.
      apiBase: 'http://127.0.0.1:9',
    });
    const code = await codeOf(unreachable.verifyCredentials());
    expect(code).not.toBe('SMS_AUTH_FAILED');
    expect(code).toBeTruthy();
  });

  it('lists what was sent to one number since a time, across pages', async () => {
    const since = new Date();
    for (let index = 0; index < 120; index += 1) {
      await provider().send({ channel: 'sms', to: '+15551239999', body: `message ${index}` });
    }
    await provider().send({ channel: 'sms', to: '+15551238888', body: 'someone else' });
    const log = await provider().listSent({ channel: 'sms', to: '+15551239999', since });
    expect(log).toHaveLength(120);
    expect(new Set(log.map((entry) => entry.body)).size).toBe(120);
    const pagedRequests = fake.requests.filter(
      (request) => request.method === 'GET' && request.path.endsWith('Messages.json'),
    );
    expect(pagedRequests.length).toBeGreaterThanOrEqual(2);
  });

  it('validates X-Twilio-Signature with the library against the wire format', () => {
    const url = 'https://example.com/api/channels/twilio/abc/inbound';
    const params = { Body: 'Hi', From: '+15551230001', MessageSid: 'SM1' };
    const signature = signTwilioWebhook('token-one', url, params);
    expect(isValidTwilioSignature({ authToken: 'token-one', signature, url, params })).toBe(true);
    expect(isValidTwilioSignature({ authToken: 'token-two', signature, url, params })).toBe(false);
    expect(isValidTwilioSignature({ authToken: 'token-one', signature, url, params: { ...params, Body: 'Hj' } })).toBe(
      false,
    );
  });
});
