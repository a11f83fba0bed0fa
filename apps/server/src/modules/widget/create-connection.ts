import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  WidgetSettings,
  defaultWidgetSettings,
  type CreateConnectionBody,
  type WidgetConnection,
} from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { prefillWidgetFromAgent } from '@agentry/core/agent-prefill';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { insertWithinPlanLimit } from '../billing/insert-within-plan-limit';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/** The public id in embed codes: random, unrelated to the connection id. */
export function createWidgetId(): string {
  return `wgt_${randomBytes(12).toString('base64url')}`;
}

/**
 * A new website widget or website block of a sub account, within the plan's
 * connections_per_type limit (counted per type). It is
 * deployed at once with the documented defaults (seeded with the agent's name as title and AI
 * name, its greeting and suggested replies when one is given), so its embed code works from the first minute.
 */
export async function createConnection(options: {
  db: Database;
  subaccountId: string;
  body: CreateConnectionBody;
  now?: Date;
}): Promise<WidgetConnection> {
  const { db, subaccountId } = options;
  let settings = defaultWidgetSettings;
  const agentId = options.body.buildId ?? null;
  if (agentId) {
    const agent = await getAgentRowOrThrow({ db, agentId, subaccountId });
    const seeded = WidgetSettings.safeParse(prefillWidgetFromAgent(defaultWidgetSettings, agent, null));
    if (seeded.success) settings = seeded.data;
  }
  const now = options.now ?? new Date();
  // Counted and inserted under a lock of the sub account, so parallel creates cannot pass the limit.
  const [row] = await insertWithinPlanLimit({
    db,
    subaccountId,
    limit: 'connections_per_type',
    countExisting: async (tx) =>
      (
        await tx
          .select({ value: count() })
          .from(widgetConnection)
          .where(and(eq(widgetConnection.subaccountId, subaccountId), eq(widgetConnection.type, options.body.type)))
      )[0]?.value ?? 0,
    insert: (tx) =>
      tx
        .insert(widgetConnection)
        .values({
          id: randomUUID(),
          widgetId: createWidgetId(),
          subaccountId,
          type: options.body.type,
          buildId: agentId,
          template: settings.template,
          settings,
          deployedBuildId: agentId,
          deployedSettings: settings,
          deployedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
  });
  if (!row) throw new Error('widget connection insert returned nothing');
  return toWidgetConnection(row);
}
