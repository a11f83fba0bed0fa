import type { Campaign, CampaignCounts } from '@agentry/core/campaigns';
import type { campaign } from './campaigns.tables';
import { emptyCounts } from './count-recipients';
import { toQuietHours } from './run-campaign-job';

export function toCampaign(
  row: typeof campaign.$inferSelect,
  connectionName: string,
  counts: CampaignCounts | undefined,
): Campaign {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    connectionId: row.connectionId,
    connectionName,
    agentId: row.agentId,
    messageTemplate: row.messageTemplate,
    contentSid: row.contentSid,
    contentVariables: row.contentVariables,
    scheduledAt: row.scheduledLocal,
    timeZone: row.timeZone,
    quietHours: toQuietHours(row.quietHoursStart, row.quietHoursEnd),
    sendRate: row.sendRate,
    status: row.status,
    variables: row.variables,
    startAt: row.startAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    counts: counts ?? emptyCounts,
  };
}
