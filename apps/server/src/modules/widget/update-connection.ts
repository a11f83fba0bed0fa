import { eq } from 'drizzle-orm';
import type { WidgetConnection, WidgetSettings } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { toWidgetConnection } from './to-widget-connection';
import { widgetConnection } from './widget.tables';

/** Saves the designer's draft settings; with `deploy`, visitors get them (and the chosen agent) at once. */
export async function updateConnection(options: {
  db: Database;
  connectionId: string;
  settings: WidgetSettings;
  deploy?: boolean;
  now?: Date;
}): Promise<WidgetConnection> {
  const now = options.now ?? new Date();
  const { settings } = options;
  const [row] = await options.db
    .update(widgetConnection)
    .set({
      settings,
      template: settings.template,
      updatedAt: now,
      ...(options.deploy
        ? { deployedSettings: settings, deployedBuildId: widgetConnection.buildId, deployedAt: now }
        : {}),
    })
    .where(eq(widgetConnection.id, options.connectionId))
    .returning();
  if (!row) throw new Error('widget connection update returned nothing');
  return toWidgetConnection(row);
}
