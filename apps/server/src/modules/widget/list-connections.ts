import { desc, eq } from 'drizzle-orm';
import type { WidgetConnection } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/** A sub account's website widgets, newest first. */
export async function listConnections(options: { db: Database; subaccountId: string }): Promise<WidgetConnection[]> {
  const rows = await options.db
    .select()
    .from(widgetConnection)
    .where(eq(widgetConnection.subaccountId, options.subaccountId))
    .orderBy(desc(widgetConnection.createdAt), desc(widgetConnection.id));
  return rows.map(toWidgetConnection);
}
