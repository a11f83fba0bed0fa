import { desc, eq, inArray } from 'drizzle-orm';
import type { ConnectionStatus, ServiceType } from '@agentry/core/channels';
import { ConnectionStatus as ConnectionStatusSchema, ServiceType as ServiceTypeSchema } from '@agentry/core/channels';
import type { ConnectionSummary } from '@agentry/core/subaccounts';
import type { Database } from '../../platform/db/database';
import { agent } from '../agents/agents.tables';
import { widgetConnection } from '../widget/widget.tables';
import { channelConnection } from './channels.tables';

const pagePath = (subaccountId: string, page: string) => `/${encodeURIComponent(subaccountId)}/${page}`;

/** Where a messaging connection opens in the account area, by its service type. */
function channelHref(subaccountId: string, serviceType: ServiceType, connectionId: string): string {
  const query = `?connection=${encodeURIComponent(connectionId)}`;
  switch (serviceType) {
    case 'sms':
      return `${pagePath(subaccountId, 'sms/campaigns')}${query}`;
    case 'instagram-dms':
      return `${pagePath(subaccountId, 'link3')}${query}`;
    case 'website-widget':
      return `${pagePath(subaccountId, 'website-widget')}?widget=${encodeURIComponent(connectionId)}`;
    case 'website-block':
      return `${pagePath(subaccountId, 'website-block')}?block=${encodeURIComponent(connectionId)}`;
    default:
      return `${pagePath(subaccountId, 'dashboard')}${query}`;
  }
}

/**
 * A website widget row's state: live with an agent = active; deployed without an agent = set-up
 * not finished (pending_connection); never deployed = pending. Website blocks are widget rows
 * of type 'website-block'.
 */
function toWidgetSummary(
  row: typeof widgetConnection.$inferSelect,
  agentNames: Map<string, string>,
): ConnectionSummary {
  const serviceType: ServiceType = row.type === 'website-block' ? 'website-block' : 'website-widget';
  const agentId = row.buildId;
  const status: ConnectionStatus = !row.deployedAt ? 'pending' : row.deployedBuildId ? 'active' : 'pending_connection';
  const title = typeof row.settings.widgetTitle === 'string' ? row.settings.widgetTitle.trim() : '';
  return {
    id: row.id,
    serviceType,
    name: title || (serviceType === 'website-block' ? 'Website Block' : 'Chat Widget'),
    status,
    agent: agentId ? { id: agentId, name: agentNames.get(agentId) ?? 'Agent' } : null,
    createdAt: row.createdAt.toISOString(),
    href:
      serviceType === 'website-block'
        ? `${pagePath(row.subaccountId, 'website-block')}?block=${encodeURIComponent(row.id)}`
        : `${pagePath(row.subaccountId, 'website-widget')}?widget=${encodeURIComponent(row.id)}`,
  };
}

/**
 * Every connection of a sub account as one list, newest first: website widgets and blocks
 * (`widget_connection`) and messaging channels (`channel_connection`). A row with a service type
 * or status this build does not know is listed as 'custom' / 'inactive' rather than dropped.
 */
export async function listConnectionSummaries(options: {
  db: Database;
  subaccountId: string;
}): Promise<ConnectionSummary[]> {
  const { db, subaccountId } = options;
  const [widgetRows, channelRows] = await Promise.all([
    db.select().from(widgetConnection).where(eq(widgetConnection.subaccountId, subaccountId)),
    db
      .select({
        id: channelConnection.id,
        serviceType: channelConnection.serviceType,
        name: channelConnection.name,
        status: channelConnection.status,
        agentId: channelConnection.agentId,
        createdAt: channelConnection.createdAt,
      })
      .from(channelConnection)
      .where(eq(channelConnection.subaccountId, subaccountId))
      .orderBy(desc(channelConnection.createdAt)),
  ]);
  const agentIds = [
    ...new Set([
      ...widgetRows.flatMap((row) => (row.buildId ? [row.buildId] : [])),
      ...channelRows.flatMap((row) => (row.agentId ? [row.agentId] : [])),
    ]),
  ];
  const agents =
    agentIds.length === 0
      ? []
      : await db.select({ id: agent.id, name: agent.aiName }).from(agent).where(inArray(agent.id, agentIds));
  const agentNames = new Map(agents.map((entry) => [entry.id, entry.name]));
  const summaries: ConnectionSummary[] = [
    ...widgetRows.map((row) => toWidgetSummary(row, agentNames)),
    ...channelRows.map((row) => {
      const serviceType = ServiceTypeSchema.safeParse(row.serviceType).data ?? 'custom';
      return {
        id: row.id,
        serviceType,
        name: row.name,
        status: ConnectionStatusSchema.safeParse(row.status).data ?? 'inactive',
        agent: row.agentId ? { id: row.agentId, name: agentNames.get(row.agentId) ?? 'Agent' } : null,
        createdAt: row.createdAt.toISOString(),
        href: channelHref(subaccountId, serviceType, row.id),
      };
    }),
  ];
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
