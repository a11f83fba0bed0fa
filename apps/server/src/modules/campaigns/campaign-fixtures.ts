import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Campaign, ImportReport } from '@agentry/core/campaigns';
import type { TestApp } from '../../test/create-test-app';
import { channelConnection } from '../channels/channels.tables';

/** An SMS connection row of the sub account (credentials null: TEST MODE, or Twilio settings for the fake). */
export async function insertSmsConnection(
  app: TestApp,
  subaccountId: string,
  values: Partial<typeof channelConnection.$inferInsert> = {},
) {
  const id = randomUUID();
  await app.platform.database.db.insert(channelConnection).values({
    id,
    subaccountId,
    serviceType: 'sms',
    name: 'Main line',
    status: 'active',
    settings: { smsFrom: '+15550001111', whatsappFrom: '+15550002222' },
    ...values,
  });
  return id;
}

export async function createCampaignVia(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  body: Record<string, unknown>,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/campaigns`,
    headers: { cookie: session.cookie },
    payload: { name: 'Spring offer', channel: 'sms', messageTemplate: 'Hi {{firstName}}, spring offer!', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Campaign>();
}

export async function uploadCsv(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  campaignId: string,
  csv: string,
  query = 'phoneColumn=phone&firstNameColumn=first_name',
) {
  return app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/campaigns/${campaignId}/recipients/csv?${query}`,
    headers: { cookie: session.cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
}

export async function uploadCsvOrThrow(...args: Parameters<typeof uploadCsv>) {
  const response = await uploadCsv(...args);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
}

/** A CSV of `count` valid US numbers (+1 555 01xx xxxx is not valid; 201-555-xxxx style numbers are). */
export function numbersCsv(count: number, start = 0) {
  const lines = ['phone,first_name,city'];
  for (let index = start; index < start + count; index += 1)
    lines.push(
      `+1 415 ${String(200 + Math.floor(index / 10_000)).padStart(3, '0')} ${String(index % 10_000).padStart(4, '0')},Person${index},Town${index % 7}`,
    );
  return lines.join('\n');
}

export async function getCampaign(app: TestApp, session: { cookie: string; subaccountId: string }, campaignId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/subaccounts/${session.subaccountId}/campaigns/${campaignId}`,
    headers: { cookie: session.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Campaign>();
}

export async function waitForCampaign(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  campaignId: string,
  isDone: (campaign: Campaign) => boolean,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await getCampaign(app, session, campaignId);
    if (isDone(current)) return current;
    if (Date.now() > deadline) throw new Error(`campaign still ${current.status}: ${JSON.stringify(current.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
