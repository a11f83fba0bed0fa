import type { Database } from '../../platform/db/database';
import type { UnknownRoleLog } from '../accounts/get-membership-or-throw';
import { authorize } from '../auth/authorize';
import { canRoleSeeToolCredentials } from './mask-tool-credentials';

/**
 * Whether the caller sees tool header values in the sub account: their role read again (not
 * cached), as the permission table decides for it. For read routes open to viewers.
 */
export async function canUserSeeToolCredentials(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  log?: UnknownRoleLog;
}): Promise<boolean> {
  const { permissionRole } = await authorize({ ...options, action: 'agent.read' });
  return canRoleSeeToolCredentials(permissionRole);
}
