import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@agentry/core/campaigns';
import { createTestApp } from '../../test/create-test-app';
import { signInWithWorkspace } from '../../test/agent-fixtures';
import { member } from '../auth/auth.tables';
import { channelContact } from '../channels/channels.tables';
import { createCampaignVia, insertSmsConnection, numbersCsv, uploadCsv, uploadCsvOrThrow } from './campaign-fixtures';

describe('campaigns: CSV import, drafts and tenancy', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let outsider: Awaited<ReturnType<typeof signInWithWorkspace>>;
  let viewerCookie: string;
  let connectionId: string;

  beforeAll(async () => {
    harness = await createTestApp();
    owner = await signInWithWorkspace(harness.app, 'owner@campaign-csv.test');
    outsider = await signInWithWorkspace(harness.app, 'outsider@campaign-csv.test');
    const viewer = await signInWithWorkspace(harness.app, 'viewer@campaign-csv.test');
    await harness.app.platform.database.db
      .insert(member)
      .values({ id: randomUUID(), organizationId: owner.subaccountId, userId: viewer.userId, role: 'viewer' });
    viewerCookie = viewer.cookie;
    connectionId = await insertSmsConnection(harness.app, owner.subaccountId);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('reports invalid, duplicate and opted-out rows before sending, and queues each valid number once', async () => {
    const { db } = harness.app.platform.database;
    await db.insert(channelContact).values({
      id: randomUUID(),
      connectionId,
      channel: 'sms',
      address: '+14155550177',
      optedOutAt: new Date(),
    });
    const campaign = await createCampaignVia(harness.app, owner, { connectionId });
    expect(campaign.status).toBe('draft');
    const csv = [
      'phone,first_name,plan',
      '(415) 555-0100,Ann,Gold',
      '+1 415 555 0101,"Bob, Jr.",Silver',
      'not a number,Carl,Gold',
      '',
      '415-555-0100,Ann again,Gold',
      '+14155550177,Olga,Gold',
      ',Empty,Gold',
      '+44 20 7946 0958,Dora,Bronze',
    ].join('\r\n');
    const report = await uploadCsvOrThrow(harness.app, owner, campaign.id, csv);
    expect(report).toMatchObject({ totalRows: 7, added: 3, invalid: 2, duplicates: 1, optedOut: 1 });
    expect(report.invalidRows).toEqual([
      { row: 4, value: 'not a number' },
      { row: 7, value: '' },
    ]);
    expect(report.duplicateRows).toEqual([{ row: 5, value: '415-555-0100' }]);
    expect(report.optedOutRows).toEqual([{ row: 6, value: '+14155550177' }]);

    const recipients = await harness.app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/campaigns/${campaign.id}/recipients`,
      headers: { cookie: owner.cookie },
    });
    const body = recipients.json<{
      total: number;
      recipients: { address: string; variables: Record<string, string> }[];
    }>();
    expect(body.total).toBe(3);
    expect(body.recipients.map((entry) => entry.address)).toEqual(['+14155550100', '+14155550101', '+442079460958']);
    expect(body.recipients[1]?.variables).toMatchObject({
      firstName: 'Bob, Jr.',
      plan: 'Silver',
      phone: '+1 415 555 0101',
    });

    const detail = await harness.app.inject({
      method: 'GET',
      url: `/api/subaccounts/${owner.subaccountId}/campaigns/${campaign.id}`,
      headers: { cookie: owner.cookie },
    });
    const saved = detail.json<{
      variables: string[];
      counts: { total: number; queued: number };
      importReport: ImportReport;
    }>();
    expect(saved.variables).toEqual(['phone', 'first_name', 'plan', 'firstName']);
    expect(saved.counts).toMatchObject({ total: 3, queued: 3 });
    expect(saved.importReport.added).toBe(3);

    // A new upload replaces the list.
    const again = await uploadCsvOrThrow(harness.app, owner, campaign.id, 'phone,first_name\n4155550150,Zed\n');
    expect(again.added).toBe(1);
  });

  it('refuses a file without the mapped column, an empty file and more than 50,000 rows', async () => {
    const campaign = await createCampaignVia(harness.app, owner, { connectionId });
    const missing = await uploadCsv(harness.app, owner, campaign.id, 'mobile,name\n4155550100,Ann\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe(
      'Choose the column that holds the phone numbers',
    );
    const empty = await uploadCsv(harness.app, owner, campaign.id, 'phone,first_name\n');
    expect(empty.statusCode).toBe(400);
    const tooMany = await uploadCsv(harness.app, owner, campaign.id, numbersCsv(50_001));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe('A CSV file can hold up to 50,000 rows');
  }, 60_000);

  it('keeps campaigns to their sub account: outsiders 404, viewers read but cannot change (403)', async () => {
    const campaign = await createCampaignVia(harness.app, owner, { connectionId });
    const base = `/api/subaccounts/${owner.subaccountId}/campaigns`;
    const outsiderGet = await harness.app.inject({
      method: 'GET',
      url: `${base}/${campaign.id}`,
      headers: { cookie: outsider.cookie },
    });
    expect(outsiderGet.statusCode).toBe(404);
    const foreign = await harness.app.inject({
      method: 'GET',
      url: `/api/subaccounts/${outsider.subaccountId}/campaigns/${campaign.id}`,
      headers: { cookie: outsider.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: { code: string } }>().error.code).toBe('SMS_CAMPAIGN_NOT_FOUND');
    const viewerGet = await harness.app.inject({
      method: 'GET',
      url: `${base}/${campaign.id}`,
      headers: { cookie: viewerCookie },
    });
    expect(viewerGet.statusCode).toBe(200);
    const viewerStop = await harness.app.inject({
      method: 'POST',
      url: `${base}/${campaign.id}/stop`,
      headers: { cookie: viewerCookie },
    });
    expect(viewerStop.statusCode).toBe(403);
    expect(
      (await uploadCsv(harness.app, { ...owner, cookie: viewerCookie }, campaign.id, 'phone\n4155550100')).statusCode,
    ).toBe(403);
    // Another sub account's connection cannot be used.
    const outsiderConnection = await insertSmsConnection(harness.app, outsider.subaccountId);
    const stolen = await harness.app.inject({
      method: 'POST',
      url: base,
      headers: { cookie: owner.cookie },
      payload: { name: 'x', channel: 'sms', messageTemplate: 'hi', connectionId: outsiderConnection },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: `${base}?channel=sms` })).statusCode).toBe(401);
  });

  it('cannot start without recipients; a draft can be stopped, a stopped one answers "already completed"', async () => {
    const campaign = await createCampaignVia(harness.app, owner, { connectionId });
    const base = `/api/subaccounts/${owner.subaccountId}/campaigns/${campaign.id}`;
    const start = await harness.app.inject({ method: 'POST', url: `${base}/start`, headers: { cookie: owner.cookie } });
    expect(start.statusCode).toBe(400);
    expect(start.json<{ error: { message: string } }>().error.message).toBe(
      'Add recipients before starting the campaign',
    );
    const stop = await harness.app.inject({ method: 'POST', url: `${base}/stop`, headers: { cookie: owner.cookie } });
    expect(stop.json<{ status: string }>().status).toBe('stopped');
    const again = await harness.app.inject({ method: 'POST', url: `${base}/stop`, headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'SMS_CAMPAIGN_ALREADY_COMPLETED',
      message: 'This campaign has already been completed.',
    });
  });
});
