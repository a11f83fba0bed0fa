import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@agentry/core/auth';
import type {
  AcceptInvitationReply,
  InvitationPreview,
  InvitationSignInReply,
  InviteMemberBody,
  TeamReply,
} from '@agentry/core/team';
import { apiRequest } from '@/lib/api';
import { sessionQueryKey } from '@/lib/session';

const teamPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}/team`;

export const teamKeys = {
  team: (subaccountId: string) => ['team', subaccountId] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

export function teamQuery(subaccountId: string) {
  return queryOptions({
    queryKey: teamKeys.team(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<TeamReply>(teamPath(subaccountId), { signal, fallbackMessage: 'Failed to load the team' }),
  });
}

export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiRequest<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, {
        signal,
        silentUnauthorized: true,
      }),
  });
}

/** The team's mutations; each refreshes the team (and the session, whose roles may change). */
export function useTeamMutations(subaccountId: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.team(subaccountId) }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
  };
  const base = teamPath(subaccountId);
  return {
    invite: useMutation({
      mutationFn: (body: InviteMemberBody) => apiRequest(`${base}/invitations`, { method: 'POST', body }),
      onSuccess: refresh,
      meta: { silentError: true },
    }),
    resend: useMutation({
      mutationFn: (invitationId: string) =>
        apiRequest(`${base}/invitations/${encodeURIComponent(invitationId)}/resend`, { method: 'POST', body: {} }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        apiRequest(`${base}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    changeRole: useMutation({
      mutationFn: (input: { memberId: string; role: Role }) =>
        apiRequest(`${base}/members/${encodeURIComponent(input.memberId)}`, {
          method: 'PATCH',
          body: { role: input.role },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) =>
        apiRequest(`${base}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    leave: useMutation({
      mutationFn: () => apiRequest(`/api/me/subaccounts/${encodeURIComponent(subaccountId)}`, { method: 'DELETE' }),
    }),
  };
}

export function signInForInvitation(token: string) {
  return apiRequest<InvitationSignInReply>(`/api/invitations/${encodeURIComponent(token)}/sign-in`, {
    method: 'POST',
    body: {},
    silentUnauthorized: true,
  });
}

export function acceptInvitation(token: string) {
  return apiRequest<AcceptInvitationReply>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: {},
  });
}
