import type { Subaccount } from '@agentry/core/auth';
import { useParams } from 'react-router';
import { useSession } from '@/lib/session';

export type ConnectAccount = {
  connectId: string;
  /** The sub account the connect area shows (connectId = the sub account id); null when not one of the user's. */
  subaccount: Subaccount | null;
  isLoading: boolean;
  isViewer: boolean;
  /** Admins and members change widgets; viewers look. */
  canEdit: boolean;
};

/** The sub account of the current /:connectId/... page and the user's role in it. */
export function useConnectAccount(): ConnectAccount {
  const { connectId = '' } = useParams();
  const session = useSession();
  const subaccount = session.data?.subaccounts.find((candidate) => candidate.id === connectId) ?? null;
  const isViewer = subaccount?.role === 'viewer';
  return { connectId, subaccount, isLoading: session.isPending, isViewer, canEdit: subaccount !== null && !isViewer };
}
