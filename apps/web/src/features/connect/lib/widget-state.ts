import type { WidgetConnection } from '@agentry/core/widget';

export type WidgetStateBadge = {
  label: 'Not deployed' | 'Redeploy Required' | 'No build chosen' | 'Live';
  variant: 'active' | 'warning' | 'pending' | 'inactive';
};

/** A widget's state as the Launch page and the designer show it: live only once deployed with a build. */
export function widgetState(
  connection: Pick<WidgetConnection, 'deployedAt' | 'needsRedeploy' | 'buildId'>,
): WidgetStateBadge {
  if (connection.deployedAt === null) return { label: 'Not deployed', variant: 'pending' };
  if (connection.needsRedeploy) return { label: 'Redeploy Required', variant: 'warning' };
  if (connection.buildId === null) return { label: 'No build chosen', variant: 'inactive' };
  return { label: 'Live', variant: 'active' };
}
