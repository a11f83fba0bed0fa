import type { Subaccount } from '@agentry/core/auth';
import { useParams } from 'react-router';
import { canRole } from '@/lib/permissions';
import { useSession } from '@/lib/session';

export type ConnectAccount = {
  /** The sub account id from the page's URL (its `/:connectId/` segment). */
  subaccountId: string;
  /** The sub account the connect area shows (the URL's connectId is the sub account id); null when not one of the user's. */
  subaccount: Subaccount | null;
  isLoading: boolean;
  isViewer: boolean;
  /** Locked after a downgrade: read-only for everyone until an upgrade. */
  isLocked: boolean;
  /** Admins and members change widgets; viewers look; nobody writes in a locked sub account. */
  canEdit: boolean;
};

/** The sub account of the current /:connectId/... page and the user's role in it. */
export function useConnectAccount(): ConnectAccount {
  const { connectId: subaccountId = '' } = useParams();
  const session = useSession();
  const subaccount = session.data?.subaccounts.find((candidate) => candidate.id === subaccountId) ?? null;
  const isViewer = subaccount?.role === 'viewer';
  const isLocked = subaccount?.isLocked === true;
  return {
    subaccountId,
    subaccount,
    isLoading: session.isPending,
    isViewer,
    isLocked,
    canEdit: canRole(subaccount?.role ?? null, 'widget.update', { isLocked }),
  };
}
