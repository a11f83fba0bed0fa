import { eq } from 'drizzle-orm';
import type { WidgetConnection } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/** Visitors get the draft: its settings and its agent, from the next page load and message. */
export async function deployConnection(options: {
  db: Database;
  connectionId: string;
  now?: Date;
}): Promise<WidgetConnection> {
  const now = options.now ?? new Date();
  const [row] = await options.db
    .update(widgetConnection)
    .set({
      deployedSettings: widgetConnection.settings,
      deployedBuildId: widgetConnection.buildId,
      deployedAt: now,
      updatedAt: now,
    })
    .where(eq(widgetConnection.id, options.connectionId))
    .returning();
  if (!row) throw new Error('widget connection deploy returned nothing');
  return toWidgetConnection(row);
}
