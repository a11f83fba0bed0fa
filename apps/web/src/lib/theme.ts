import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { apiRequest } from './api';

export type Theme = 'light' | 'dark';

/** Same key index.html reads before first paint. */
export const THEME_STORAGE_KEY = 'agentry:theme';
export const THEME_NOT_APPLIED_MESSAGE = 'The theme change was not applied. Please try again.';

const listeners = new Set<() => void>();

function readSavedTheme(): Theme | null {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'dark' || saved === 'light' ? saved : null;
  } catch {
    return null;
  }
}

function prefersDark() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The workspace's own theme: the saved choice, else the system's. */
function workspaceTheme(): Theme {
  return readSavedTheme() ?? (prefersDark() ? 'dark' : 'light');
}

/** The theme on <html> right now (index.html has already applied the saved or system theme). */
export function getTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function paintTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  listeners.forEach((listener) => listener());
}

/**
 * Saves and applies a theme. When the browser refuses the write, nothing changes and the
 * user is told (a local storage write failure shows a toast that the change was not applied).
 */
export function setTheme(theme: Theme): boolean {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    toast.error(THEME_NOT_APPLIED_MESSAGE);
    return false;
  }
  paintTheme(theme);
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // With nothing saved the workspace follows the operating system.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const followSystem = () => {
    if (readSavedTheme() === null) paintTheme(prefersDark() ? 'dark' : 'light');
  };
  media?.addEventListener('change', followSystem);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', followSystem);
  };
}

/** The workspace theme: the user's saved choice, else prefers-color-scheme. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, getTheme, (): Theme => 'light');
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}

/** The sub account in context, from a path containing /subaccounts/{id}. */
export function subaccountIdFromPath(pathname: string): string | null {
  const match = /\/subaccounts\/([^/?#]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

type SubaccountThemeReply = { isDarkMode?: boolean; theme?: string; primaryColor?: string };

const subaccountThemeKey = (subaccountId: string) => ['subaccounts', subaccountId, 'theme'] as const;

/** Applies a sub account's saved theme when its pages open. Load failures are only logged (docs/product/accounts-and-team.md#account-area-connectid). */
export function useSubaccountThemeSync(subaccountId: string | null) {
  const query = useQuery({
    queryKey: subaccountThemeKey(subaccountId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<SubaccountThemeReply>(`/api/subaccounts/${encodeURIComponent(subaccountId ?? '')}/theme`, {
        signal,
        silentUnauthorized: true,
      }),
    enabled: subaccountId !== null,
    retry: false,
    staleTime: 60_000,
  });
  const saved = query.data ? readDarkMode(query.data) : null;
  // Painted, never saved as the workspace's choice: leaving the sub account's pages brings the
  // workspace theme (saved, else the system's) back.
  useEffect(() => {
    if (subaccountId === null || saved === null) return;
    paintTheme(saved);
    return () => paintTheme(workspaceTheme());
  }, [subaccountId, saved]);
  useEffect(() => {
    if (query.error) console.warn('Could not load the sub account theme', query.error);
  }, [query.error]);
}

function readDarkMode(reply: SubaccountThemeReply): Theme | null {
  if (typeof reply.isDarkMode === 'boolean') return reply.isDarkMode ? 'dark' : 'light';
  if (reply.theme === 'dark' || reply.theme === 'light') return reply.theme;
  return null;
}

/**
 * The light/dark toggle (docs/product/accounts-and-team.md#account-area-connectid, Theme): it works only with a sub account in context,
 * applies at once inside that sub account's pages (not to the rest of the workspace), saves with PATCH /api/subaccounts/{id}/theme and rolls back when the save fails.
 */
export function useSubaccountThemeToggle(subaccountId: string | null) {
  const { theme } = useTheme();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, next }: { id: string; next: Theme; previous: Theme }) =>
      apiRequest<unknown>(`/api/subaccounts/${encodeURIComponent(id)}/theme`, {
        method: 'PATCH',
        body: { isDarkMode: next === 'dark' },
      }),
    // The rollback toast below replaces the generic one.
    meta: { silentError: true },
    onSuccess: (_reply, { id, next }) => {
      // Keep the cached sub account theme in step so the sync hook does not re-apply the old one.
      queryClient.setQueryData<SubaccountThemeReply>(subaccountThemeKey(id), (current) => ({
        ...current,
        isDarkMode: next === 'dark',
      }));
    },
    onError: (error, { previous }) => {
      console.warn('Saving the sub account theme failed', error);
      paintTheme(previous);
      toast.error(THEME_NOT_APPLIED_MESSAGE);
    },
  });
  const { mutate } = mutation;
  const toggle = useCallback(() => {
    if (subaccountId === null) return;
    const previous = getTheme();
    const next: Theme = previous === 'dark' ? 'light' : 'dark';
    // The sub account's theme, shown inside its pages only (the workspace's saved choice stays).
    paintTheme(next);
    mutate({ id: subaccountId, next, previous });
  }, [subaccountId, mutate]);
  return { theme, canToggle: subaccountId !== null, toggle, isSaving: mutation.isPending };
}
