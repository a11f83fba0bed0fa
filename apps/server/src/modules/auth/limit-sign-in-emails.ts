import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { toClientNetwork } from '../../platform/http/to-client-network';

export const SIGN_IN_EMAIL_WINDOW_MS = 15 * 60_000;

/**
 * Every sign-in e-mail (magic link, direct login) counts against the address it goes to and
 * the IP address that asked for it, in counters shared by all instances. Over either: 429.
 * The address is normalised the way the auth library stores it, so case changes do not help.
 */
export async function limitSignInEmails(options: {
  cache: Cache;
  limits: AppConfig['signIn'];
  email: string;
  ip: string;
}) {
  const { cache, limits } = options;
  await enforceRateLimit({
    cache,
    key: `sign-in-ip:${toClientNetwork(options.ip)}`,
    limit: limits.emailsPerIp,
    windowMs: SIGN_IN_EMAIL_WINDOW_MS,
  });
  await enforceRateLimit({
    cache,
    key: `sign-in-email:${options.email.trim().toLowerCase()}`,
    limit: limits.emailsPerAddress,
    windowMs: SIGN_IN_EMAIL_WINDOW_MS,
  });
}

/** The auth library's "send me a magic link" endpoint, however the path is spelled. */
export function isMagicLinkRequest(method: string, pathname: string) {
  return method === 'POST' && /^\/+api\/+auth\/+sign-in\/+magic-link\/*$/i.test(pathname);
}
