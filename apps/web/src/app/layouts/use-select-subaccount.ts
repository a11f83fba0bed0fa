import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { selectActiveSubaccount } from '@/lib/queries/subaccounts';
import { sessionQueryKey } from '@/lib/session';
import { subaccountIdFromPath } from '@/lib/theme';

/** Makes a sub account the workspace's active one; on a sub account's own pages, follows to the same page of it. */
export function useSelectSubaccount(pathname: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: selectActiveSubaccount,
    meta: { silentError: true },
    onSuccess: async (_reply, subaccountId) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      const current = subaccountIdFromPath(pathname);
      if (current !== null && current !== subaccountId) {
        void navigate(
          pathname.replace(
            `/subaccounts/${encodeURIComponent(current)}`,
            `/subaccounts/${encodeURIComponent(subaccountId)}`,
          ),
        );
      }
    },
    onError: () => toast.error('Failed to select subaccount'),
  });
}
