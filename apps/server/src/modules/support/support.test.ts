import { randomInt } from 'node:crypto';
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
  // Fresh addresses: on Redis the hourly counters outlive one test app.
  const randomIpv4 = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = randomIpv4()) =>
    harness.app.inject({ method: 'POST', url: '/api/support', payload, headers, remoteAddress });
  const mailsTo = async (email: string) =>
    (await harness.app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` })).json<{
      messages: Mail[];
    }>().messages;

  it('e-mails the request to support with the details; an anonymous sender gets no receipt', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toContain('We answer by e-mail');
    const [toSupport] = await mailsTo('support@agentry.dev');
    expect(toSupport?.subject).toBe('[Support] Demos: Grace Hopper');
    expect(toSupport?.text).toContain('From: Grace Hopper <grace@clinic.test>');
    expect(toSupport?.text).toContain('Account: not signed in');
    expect(toSupport?.text).toContain('Reference code: A1B2C3');
    expect(toSupport?.text).toContain('limit is reached after two questions');
    // Anyone can type any address: the server must not mail a stranger text of the caller's choosing.
    expect(await mailsTo('grace@clinic.test')).toEqual([]);
  });

  it('does not let an anonymous caller mail a message of their choosing to any address', async () => {
    const lure = 'Your account is locked. Sign in at https://agentry-login.example to keep it.';
    const response = await send({ ...valid, name: 'Agentry Security', email: 'victim@elsewhere.test', message: lure });
    expect(response.statusCode).toBe(202);
    expect(await mailsTo('victim@elsewhere.test')).toEqual([]);
    const [toSupport] = await mailsTo('support@agentry.dev');
    expect(toSupport?.text).toContain(lure);
    expect(toSupport?.text).toContain('Answer to: victim@elsewhere.test');
  });

  it("names the account of a signed-in sender and sends the receipt to the account's own address only", async () => {
    const session = await signInMarketplaceUser(harness.app, 'member@support.test', { hasPlan: false });
    const response = await send({ ...valid, email: 'other@support.test' }, { cookie: session.cookie });
    expect(response.statusCode).toBe(202);
    const [toSupport] = await mailsTo('support@agentry.dev');
    expect(toSupport?.text).toMatch(/Account: member@support\.test \(/);
    expect(await mailsTo('other@support.test')).toEqual([]);
    const [receipt] = await mailsTo('member@support.test');
    expect(receipt?.subject).toBe('We received your support request');
    expect(receipt?.text).toContain('limit is reached after two questions');
  });

  it('refuses invalid input with the field messages and sends nothing', async () => {
    const before = (await mailsTo('support@agentry.dev')).length;
    const response = await send({ name: ' ', email: 'not-an-address', topic: 'Other', message: 'Help' }, {});
    expect(response.statusCode).toBe(400);
    const text = response.body;
    expect(text).toContain('Please enter your name');
    expect(text).toContain('Please enter a valid email address');
    expect(text).toContain('Please pick a topic');
    expect(text).toContain('Please describe the problem in at least 20 characters.');
    expect(await mailsTo('support@agentry.dev')).toHaveLength(before);
  });

  it('allows five requests an hour per caller, then answers 429', async () => {
    const caller = randomIpv4();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await send(valid, {}, caller)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another caller is not affected.
    expect((await send(valid, {}, randomIpv4())).statusCode).toBe(202);
  });

  it('counts an IPv6 caller by its /64, whichever of its addresses it sends from', async () => {
    const network = `2001:db8:${randomInt(65_536).toString(16)}:${randomInt(65_536).toString(16)}`;
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index += 1)
      statuses.push(
        (await send(valid, {}, `${network}:${index.toString(16)}::${randomInt(1, 65_536).toString(16)}`)).statusCode,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
