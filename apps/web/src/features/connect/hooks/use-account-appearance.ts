import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubaccountTheme } from '@agentry/core/auth';
import { toast } from 'sonner';
import { patchSubaccountTheme, subaccountThemeQuery, connectKeys } from '../api/connect-api';

export const APPEARANCE_NOT_SAVED_MESSAGE = 'The change was not saved. Please try again.';

type AppearancePatch = { isDarkMode?: boolean; primaryColor?: string };

/**
 * The sub account theme (docs/product/accounts-and-team.md#account-area-connectid, Theme): dark/light for the account's workspace pages and
 * the primary colour. Changes apply at once and roll back when the save fails.
 */
export function useAccountAppearance(subaccountId: string) {
  const queryClient = useQueryClient();
  const key = connectKeys.theme(subaccountId);
  const theme = useQuery(subaccountThemeQuery(subaccountId));

  const save = useMutation({
    mutationFn: (patch: AppearancePatch) => patchSubaccountTheme({ subaccountId, body: patch }),
    meta: { silentError: true },
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SubaccountTheme>(key);
      if (previous) {
        const isDarkMode = patch.isDarkMode ?? previous.isDarkMode;
        queryClient.setQueryData<SubaccountTheme>(key, {
          ...previous,
          ...patch,
          isDarkMode,
          theme: isDarkMode ? 'dark' : 'light',
        });
      }
      return { previous };
    },
    onError: (error, _patch, context) => {
      console.warn('Saving the account theme failed', error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(APPEARANCE_NOT_SAVED_MESSAGE);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  return { theme, update: save.mutate, isSaving: save.isPending };
}
