import { and, desc, eq } from 'drizzle-orm';
import type { ConnectionType, WidgetConnection } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/** A sub account's website widgets and blocks (or those of one type), newest first. */
export async function listConnections(options: {
  db: Database;
  subaccountId: string;
  type?: ConnectionType;
}): Promise<WidgetConnection[]> {
  const rows = await options.db
    .select()
    .from(widgetConnection)
    .where(
      and(
        eq(widgetConnection.subaccountId, options.subaccountId),
        options.type ? eq(widgetConnection.type, options.type) : undefined,
      ),
    )
    .orderBy(desc(widgetConnection.createdAt), desc(widgetConnection.id));
  return rows.map(toWidgetConnection);
}
