import { queryOptions } from '@tanstack/react-query';
import type { MeReply, Subaccount } from '@agentry/core/auth';
import type {
  ConnectionSummariesReply,
  PatchSubaccountBody,
  SubaccountDeletionSummary,
  SubaccountProfile,
  WhiteLabelSettings,
} from '@agentry/core/subaccounts';
import { ApiError, apiRequest } from '@/lib/api';

/**
 * Sub accounts as the workspace, the connect area and their Settings page read and change them
 * (under shared keys, so a rename on one screen shows on every switcher).
 */
export const subaccountKeys = {
  profile: (subaccountId: string) => ['subaccounts', subaccountId, 'profile'] as const,
  deletionSummary: (subaccountId: string) => ['subaccounts', subaccountId, 'deletion-summary'] as const,
  connectionSummaries: (subaccountId: string) => ['subaccounts', subaccountId, 'connection-summaries'] as const,
};

const subaccountPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}`;

export function subaccountProfileQuery(subaccountId: string) {
  return queryOptions({
    queryKey: subaccountKeys.profile(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<SubaccountProfile>(`${subaccountPath(subaccountId)}/profile`, {
        signal,
        fallbackMessage: 'Failed to load the account settings',
      }),
  });
}

export function subaccountDeletionSummaryQuery(subaccountId: string) {
  return queryOptions({
    queryKey: subaccountKeys.deletionSummary(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<SubaccountDeletionSummary>(`${subaccountPath(subaccountId)}/deletion-summary`, { signal }),
  });
}

export function connectionSummariesQuery(subaccountId: string) {
  return queryOptions({
    queryKey: subaccountKeys.connectionSummaries(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<ConnectionSummariesReply>(`${subaccountPath(subaccountId)}/connection-summaries`, {
        signal,
        fallbackMessage: 'Failed to load connections',
      }),
  });
}

export function createSubaccount(name: string) {
  return apiRequest<Subaccount>('/api/subaccounts', {
    method: 'POST',
    body: { name },
    fallbackMessage: 'Failed to create the account',
  });
}

export function patchSubaccount(options: { subaccountId: string; body: PatchSubaccountBody }) {
  return apiRequest<SubaccountProfile>(subaccountPath(options.subaccountId), {
    method: 'PATCH',
    body: options.body,
    fallbackMessage: 'Failed to save the account',
  });
}

export function putWhiteLabel(options: { subaccountId: string; body: WhiteLabelSettings }) {
  return apiRequest<SubaccountProfile>(`${subaccountPath(options.subaccountId)}/white-label`, {
    method: 'PUT',
    body: options.body,
    fallbackMessage: 'Failed to save the white-label settings',
  });
}

export function deleteSubaccount(options: { subaccountId: string; confirmation: string }) {
  return apiRequest<null>(subaccountPath(options.subaccountId), {
    method: 'DELETE',
    body: { confirmation: options.confirmation },
    fallbackMessage: 'Failed to delete the account',
  });
}

export function selectActiveSubaccount(subaccountId: string) {
  return apiRequest<MeReply>('/api/me/active-subaccount', { method: 'PATCH', body: { subaccountId } });
}

/** An uploaded image's path (`/files/<id>`), from POST /api/files with the raw bytes. */
export async function uploadImage(file: File): Promise<string> {
  const response = await fetch('/api/files?purpose=avatar', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
    body: file,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      (body as { error?: { message?: string } } | null)?.error?.message ?? 'The image could not be uploaded';
    throw new ApiError({ status: response.status, body, message, kind: 'other' });
  }
  return (body as { url: string }).url;
}

/** The server's own words for a refused create ('Your Free plan includes 1 sub account...'). */
export function planLimitMessage(error: ApiError): string {
  const message = (error.body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message !== '' ? message : error.message;
}
