import type { Subaccount } from '@agentry/core/auth';
import { canRole } from '@/lib/permissions';
import { selectSubaccount, useSession } from '@/lib/session';

export type SubaccountContext = {
  /** The sub account in view: the one in the address, else the active one. */
  subaccount: Subaccount | null;
  /** False while the session loads. */
  isKnown: boolean;
  /** Members and admins change agents and chat with them; viewers only look. */
  canEdit: boolean;
};

/** The sub account a page works in, and what the user may do there. */
export function useSubaccount(subaccountIdFromPath?: string): SubaccountContext {
  const { data: session } = useSession();
  if (!session) return { subaccount: null, isKnown: false, canEdit: false };
  const subaccount = selectSubaccount(session, subaccountIdFromPath);
  return { subaccount, isKnown: true, canEdit: canRole(subaccount?.role ?? null, 'agent.update') };
}
