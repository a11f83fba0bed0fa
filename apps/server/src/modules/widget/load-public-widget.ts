import { eq } from 'drizzle-orm';
import type { WidgetSettings } from '@agentry/core/widget';
import type { Database } from '../../platform/db/database';
import { readWidgetSettings } from './read-widget-settings';
import { widgetConnection } from './widget.tables';

export type PublicWidget = {
  connectionId: string;
  widgetId: string;
  settings: WidgetSettings;
  hasAgent: boolean;
  isBlock: boolean;
  deployedAt: Date | null;
};

/** A widget as visitors get it (the deployed settings), by its public id; null when unknown. */
export async function loadPublicWidget(options: { db: Database; widgetId: string }): Promise<PublicWidget | null> {
  const [row] = await options.db
    .select({
      connectionId: widgetConnection.id,
      widgetId: widgetConnection.widgetId,
      type: widgetConnection.type,
      deployedSettings: widgetConnection.deployedSettings,
      deployedBuildId: widgetConnection.deployedBuildId,
      deployedAt: widgetConnection.deployedAt,
    })
    .from(widgetConnection)
    .where(eq(widgetConnection.widgetId, options.widgetId))
    .limit(1);
  if (!row) return null;
  return {
    connectionId: row.connectionId,
    widgetId: row.widgetId,
    settings: readWidgetSettings(row.deployedSettings),
    hasAgent: row.deployedBuildId !== null,
    isBlock: row.type === 'website-block',
    deployedAt: row.deployedAt,
  };
}
