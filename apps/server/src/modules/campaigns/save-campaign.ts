import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  campaignMessages,
  type CampaignChannel,
  type CampaignSettingsBody,
  type CreateCampaignBody,
} from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from '../agents/agents.tables';
import { channelConnection } from '../channels/channels.tables';
import { campaign, campaignRecipient } from './campaigns.tables';

/** The sub account's SMS connection (SMS and WhatsApp senders share it); another tenant's looks missing. */
export async function getSmsConnectionOrThrow(db: Database, subaccountId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(channelConnection)
    .where(
      and(
        eq(channelConnection.id, connectionId),
        eq(channelConnection.subaccountId, subaccountId),
        eq(channelConnection.serviceType, 'sms'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Connection not found' });
  return row;
}

async function assertAgent(db: Database, subaccountId: string, agentId: string | null) {
  if (!agentId) return;
  const [row] = await db
    .select({ id: agent.id })
    .from(agent)
    .where(and(eq(agent.id, agentId), eq(agent.subaccountId, subaccountId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
}

function toColumns(channel: CampaignChannel, body: CampaignSettingsBody) {
  if (channel === 'sms' && !body.messageTemplate.trim())
    throw new AppError('VALIDATION_ERROR', { message: campaignMessages.messageRequired });
  return {
    name: body.name,
    connectionId: body.connectionId,
    agentId: body.agentId,
    messageTemplate: body.messageTemplate,
    contentSid: channel === 'whatsapp' ? body.contentSid : null,
    contentVariables: channel === 'whatsapp' ? body.contentVariables : {},
    scheduledLocal: body.scheduledAt,
    timeZone: body.timeZone,
    quietHoursStart: body.quietHours?.start ?? null,
    quietHoursEnd: body.quietHours?.end ?? null,
    sendRate: body.sendRate,
  };
}

export async function createCampaign(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  body: CreateCampaignBody;
}): Promise<string> {
  const { db, subaccountId, body } = options;
  await getSmsConnectionOrThrow(db, subaccountId, body.connectionId);
  await assertAgent(db, subaccountId, body.agentId);
  const id = randomUUID();
  await db.insert(campaign).values({
    id,
    subaccountId,
    channel: body.channel,
    createdByUserId: options.userId,
    ...toColumns(body.channel, body),
  });
  return id;
}

/** Settings change only while the campaign is a draft. */
export async function updateCampaign(options: {
  db: Database;
  subaccountId: string;
  row: typeof campaign.$inferSelect;
  body: CampaignSettingsBody;
}) {
  const { db, subaccountId, row, body } = options;
  await getSmsConnectionOrThrow(db, subaccountId, body.connectionId);
  await assertAgent(db, subaccountId, body.agentId);
  const isNewConnection = body.connectionId !== row.connectionId;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(campaign)
      .set({
        ...toColumns(row.channel, body),
        // Recipients are contacts of the connection: another connection starts the list again.
        ...(isNewConnection ? { variables: [], importReport: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(campaign.id, row.id), inArray(campaign.status, ['draft'])))
      .returning({ id: campaign.id });
    if (!updated) throw new AppError('CONFLICT', { message: campaignMessages.notDraft });
    if (isNewConnection) await tx.delete(campaignRecipient).where(eq(campaignRecipient.campaignId, row.id));
  });
}
