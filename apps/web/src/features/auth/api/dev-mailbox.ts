import type { MailboxReply } from '@agentry/core/auth';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';

export const MAILBOX_REFRESH_MS = 3_000;

/** True when the server answered that it keeps no dev mailbox (production, SMTP configured). */
export function isMailboxOff(error: unknown) {
  return error instanceof ApiError && error.status === 404;
}

/** True when the mailbox exists but answers only callers on the server's own machine. */
export function isMailboxElsewhere(error: unknown) {
  return error instanceof ApiError && error.code === 'LOOPBACK_ONLY';
}

/** GET /api/dev/mailbox: the magic-link e-mails the embedded mailer "sent", newest first. */
export function useDevMailbox(email: string) {
  return useQuery({
    queryKey: ['dev-mailbox', email],
    queryFn: ({ signal }) => {
      const query = email ? `?email=${encodeURIComponent(email)}` : '';
      return apiRequest<MailboxReply>(`/api/dev/mailbox${query}`, { signal, silentUnauthorized: true });
    },
    // Keep polling while the mailbox answers; a 404 (off) or a loopback-only refusal will not change, so stop asking.
    refetchInterval: (query) =>
      isMailboxOff(query.state.error) || isMailboxElsewhere(query.state.error) ? false : MAILBOX_REFRESH_MS,
    placeholderData: (previous) => previous,
    retry: false,
  });
}
