import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signInMarketplaceUser } from '../marketplace/marketplace-fixtures';

type Mail = { to: string; subject: string; text: string };

describe('POST /api/support', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  const valid = {
    name: 'Grace Hopper',
    email: 'Grace@Clinic.test',
    topic: 'Demos',
    message: 'My shared demo says the limit is reached after two questions.',
    reference: 'A1B2C3',
  };
  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    harness.app.inject({ method: 'POST', url: '/api/support', payload, headers, remoteAddress });
  const mailsTo = async (email: string) =>
    (await harness.app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` })).json<{
      messages: Mail[];
    }>().messages;

  it('e-mails the request to support with the details and a receipt to the sender', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toContain('We answer by e-mail');
    const [toSupport] = await mailsTo('support@agentry.dev');
    expect(toSupport?.subject).toBe('[Support] Demos: Grace Hopper');
    expect(toSupport?.text).toContain('From: Grace Hopper <grace@clinic.test>');
    expect(toSupport?.text).toContain('Account: not signed in');
    expect(toSupport?.text).toContain('Reference code: A1B2C3');
    expect(toSupport?.text).toContain('limit is reached after two questions');
    const [receipt] = await mailsTo('grace@clinic.test');
    expect(receipt?.subject).toBe('We received your support request');
  });

  it('names the account of a signed-in sender', async () => {
    const session = await signInMarketplaceUser(harness.app, 'member@support.test', { hasPlan: false });
    const response = await send({ ...valid, email: 'other@support.test' }, { cookie: session.cookie }, '10.0.0.2');
    expect(response.statusCode).toBe(202);
    const [toSupport] = await mailsTo('support@agentry.dev');
    expect(toSupport?.text).toMatch(/Account: member@support\.test \(/);
  });

  it('refuses invalid input with the field messages and sends nothing', async () => {
    const before = (await mailsTo('support@agentry.dev')).length;
    const response = await send(
      { name: ' ', email: 'not-an-address', topic: 'Other', message: 'Help' },
      {},
      '10.0.0.3',
    );
    expect(response.statusCode).toBe(400);
    const text = response.body;
    expect(text).toContain('Please enter your name');
    expect(text).toContain('Please enter a valid email address');
    expect(text).toContain('Please pick a topic');
    expect(text).toContain('Please describe the problem in at least 20 characters.');
    expect(await mailsTo('support@agentry.dev')).toHaveLength(before);
  });

  it('allows five requests an hour per caller, then answers 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await send(valid, {}, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another caller is not affected.
    expect((await send(valid, {}, '10.0.0.10')).statusCode).toBe(202);
  });
});
