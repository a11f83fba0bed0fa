import { hasRoleFor, permissions, type Action, type PermissionRole } from '@agentry/core/permissions';
import type { HttpTool } from '@agentry/core/tools';

/** What a caller who may not see credentials gets instead of each tool header value. */
export const TOOL_HEADER_MASK = '••••••••';

/**
 * Tool headers carry credentials (`Authorization: Bearer …`, API keys). They are shown to whoever
 * the permission table lets read the agent's other credential, its webhook secret: members and up.
 * (The table has no action of their own yet; it belongs in packages/core/src/permissions.ts.)
 */
const TOOL_CREDENTIALS_ACTION = 'agent.webhook.read' satisfies Action;

/** Whether a caller of this role in the agent's sub account sees tool header values. */
export function canRoleSeeToolCredentials(role: PermissionRole): boolean {
  return hasRoleFor(role, TOOL_CREDENTIALS_ACTION);
}

/**
 * Whether every caller allowed `action` sees them: a route guarded by `action` answers the
 * values when the action's own minimum role already includes them.
 */
export function canActionSeeToolCredentials(action: Action): boolean {
  return canRoleSeeToolCredentials(permissions[action].minimumRole);
}

/** The tools as a caller sees them: header names kept, each value masked unless `canSeeCredentials`. */
export function maskToolCredentials(tools: HttpTool[], canSeeCredentials: boolean): HttpTool[] {
  if (canSeeCredentials) return tools;
  return tools.map((tool) => ({
    ...tool,
    headers: Object.fromEntries(Object.keys(tool.headers).map((name) => [name, TOOL_HEADER_MASK])),
  }));
}
