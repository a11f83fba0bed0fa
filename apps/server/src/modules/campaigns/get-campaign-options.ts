import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CampaignOptionsReply } from '@agentry/core/campaigns';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { channelConnection, channelContact } from '../channels/channels.tables';

/** What the create form chooses from: the SMS connections, the agents, how many earlier contacts there are. */
export async function getCampaignOptions(db: Database, subaccountId: string): Promise<CampaignOptionsReply> {
  const connections = await db
    .select({
      id: channelConnection.id,
      name: channelConnection.name,
      agentId: channelConnection.agentId,
      isTestMode: sql<boolean>`${channelConnection.credentials} is null`,
    })
    .from(channelConnection)
    .where(and(eq(channelConnection.subaccountId, subaccountId), eq(channelConnection.serviceType, 'sms')))
    .orderBy(asc(channelConnection.createdAt));
  const agents = await db
    .select({ id: agent.id, name: agent.aiName })
    .from(agent)
    .where(eq(agent.subaccountId, subaccountId))
    .orderBy(asc(agent.aiName));
  const counts = await db
    .select({ channel: channelContact.channel, count: sql<number>`count(*)::int` })
    .from(channelContact)
    .innerJoin(channelConnection, eq(channelConnection.id, channelContact.connectionId))
    .where(and(eq(channelConnection.subaccountId, subaccountId), isNull(channelContact.optedOutAt)))
    .groupBy(channelContact.channel);
  const countOf = (channel: string) => counts.find((entry) => entry.channel === channel)?.count ?? 0;
  return { connections, agents, contactCounts: { sms: countOf('sms'), whatsapp: countOf('whatsapp') } };
}
