import { isDeepStrictEqual } from 'node:util';
import type { WidgetConnection } from '@agentry/core/widget';
import type { widgetConnection } from './widget.tables';
import { readWidgetSettings } from './read-widget-settings';

/** A row as the dashboard API answers it; a draft that differs from what was deployed needs a redeploy. */
export function toWidgetConnection(row: typeof widgetConnection.$inferSelect): WidgetConnection {
  const settings = readWidgetSettings(row.settings);
  const isDeployed = row.deployedAt !== null && row.deployedSettings !== null;
  const needsRedeploy =
    !isDeployed ||
    row.buildId !== row.deployedBuildId ||
    !isDeepStrictEqual(settings, readWidgetSettings(row.deployedSettings));
  return {
    connectionId: row.id,
    type: row.type,
    widgetId: row.widgetId,
    subaccountId: row.subaccountId,
    buildId: row.buildId,
    template: settings.template,
    settings,
    deployedAt: row.deployedAt?.toISOString() ?? null,
    needsRedeploy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
