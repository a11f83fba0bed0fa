import { useParams } from 'react-router';
import { useSession } from '@/lib/session';

/** The sub account of the connect area (`/:connectId/...`) and whether the caller may change things. */
export function useCampaignArea() {
  const { connectId: subaccountId = '', campaignId } = useParams();
  const session = useSession();
  const subaccount = session.data?.subaccounts.find((candidate) => candidate.id === subaccountId) ?? null;
  return { subaccountId, campaignId, subaccount, canEdit: subaccount !== null && subaccount.role !== 'viewer' };
}
