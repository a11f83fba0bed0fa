import { useParams } from 'react-router';
import type { Role } from '@agentry/core/auth';
import { hasRoleFor, permissions, type Action, type PermissionRole } from '@agentry/core/permissions';
import { selectSubaccount, useSession } from './session';

/** The note a read-only control carries (tooltip or inline). */
export const VIEW_ONLY_NOTE = 'View only';

/**
 * What a role may do, from the one permission table in packages/core (the server checks the
 * same table). A locked sub account refuses every write, whatever the role.
 */
export function canRole(role: PermissionRole | Role | null, action: Action, options: { isLocked?: boolean } = {}) {
  if (role === null) return false;
  if (options.isLocked === true && permissions[action].isWrite) return false;
  return hasRoleFor(role, action);
}

/**
 * The caller's role in a sub account: the one named (else the `:connectId`/`:subaccountId` of the
 * address, else the active one). Null while the session loads or when the user is not a member.
 * The billing owner's member row is `admin`; owner-only actions (billing) are decided elsewhere.
 */
export function useSubaccountRole(subaccountId?: string): Role | null {
  const params = useParams();
  const { data: session } = useSession();
  if (!session) return null;
  const id = subaccountId ?? params.connectId ?? params.subaccountId;
  return selectSubaccount(session, id)?.role ?? null;
}

/**
 * Whether the signed-in user may take `action` in the current (or named) sub account: their role,
 * and no write in a sub account locked after a downgrade.
 */
export function useCan(action: Action, subaccountId?: string): boolean {
  const params = useParams();
  const { data: session } = useSession();
  const id = subaccountId ?? params.connectId ?? params.subaccountId;
  const subaccount = session ? selectSubaccount(session, id) : undefined;
  return canRole(subaccount?.role ?? null, action, { isLocked: subaccount?.isLocked === true });
}
