import { toSafeReturnPath } from '@agentry/core/return-url';
import { ApiError, apiRequest } from '@/lib/api';

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const PRE_REGISTER_FAILED_MESSAGE = 'Failed to pre-register user.';
export const SIGN_IN_FAILED_MESSAGE = 'An error occurred during sign-in';
/** docs/product/accounts-and-team.md#sign-in: after sign-in users land on /agents/create unless told otherwise. */
export const DEFAULT_SIGN_IN_CALLBACK = '/agents/create';

/** docs/product/accounts-and-team.md#sign-in: the address is trimmed and lower-cased for every call. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Only same-origin paths may be a callback, so a crafted `?callbackUrl=` cannot send a
 * freshly signed-in user to another site.
 */
export function sanitizeCallbackUrl(value: string | null | undefined): string | undefined {
  return toSafeReturnPath(value, { allowedOrigins: [window.location.origin] });
}

/**
 * A failed sign-in step: `message` is what the user reads (one of the product's sign-in texts or our server's own
 * message), `code` and `supportId` come from the server's answer for the error dialog.
 */
export class SignInError extends Error {
  readonly code: string | undefined;
  readonly supportId: string | undefined;

  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'SignInError';
    const apiError = cause instanceof ApiError ? cause : undefined;
    const body = apiError?.body;
    const rawCode = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    this.code = apiError?.code ?? (typeof rawCode === 'string' ? rawCode : undefined);
    this.supportId = apiError?.supportId;
  }
}

/**
 * Our server's structured message (`{ error: { message } }`), else `fallback`. The auth
 * library's own answers (`{ code, message }`, e.g. 'Invalid origin') are not for users.
 */
function readOwnServerMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.supportId === undefined) return fallback;
  return readServerMessage(error, fallback);
}

/**
 * The server's own text for a failed auth call, else `fallback`. Read from the body rather
 * than `ApiError.message`: Better Auth answers e.g. 403 `{ code, message }`, which the
 * generic HTTP mapping would turn into the unrelated plan-gate message.
 */
export function readServerMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return fallback;
  const record = body as { error?: unknown; message?: unknown };
  const nested =
    typeof record.error === 'object' && record.error !== null
      ? (record.error as { message?: unknown }).message
      : undefined;
  for (const candidate of [record.error, nested, record.message]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return fallback;
}

/** POST /api/auth/pre-register (docs/product/accounts-and-team.md#routes); the server's error text is shown on failure. */
export async function preRegisterOrThrow(input: { email: string; emailconsent: boolean }) {
  await apiRequest<unknown>('/api/auth/pre-register', {
    method: 'POST',
    body: { email: input.email, emailconsent: input.emailconsent },
    fallbackMessage: PRE_REGISTER_FAILED_MESSAGE,
    silentUnauthorized: true,
  });
}

/** Better Auth's magic-link endpoint: e-mails a one-time sign-in link. */
export async function sendMagicLinkOrThrow(input: { email: string; callbackURL: string }) {
  await apiRequest<unknown>('/api/auth/sign-in/magic-link', {
    method: 'POST',
    body: { email: input.email, callbackURL: input.callbackURL },
    fallbackMessage: SIGN_IN_FAILED_MESSAGE,
    silentUnauthorized: true,
  });
}

/** The full "Continue with Email" flow: pre-register, then send the magic link. */
export async function signInWithEmailOrThrow(input: { email: string; emailconsent: boolean; callbackURL: string }) {
  try {
    await preRegisterOrThrow(input);
  } catch (error) {
    throw new SignInError(readServerMessage(error, PRE_REGISTER_FAILED_MESSAGE), error);
  }
  try {
    await sendMagicLinkOrThrow(input);
  } catch (error) {
    throw new SignInError(readOwnServerMessage(error, SIGN_IN_FAILED_MESSAGE), error);
  }
}

type SocialSignInReply = { url?: string; redirect?: boolean };

/** Better Auth's social sign-in: the server answers the provider's authorization URL. */
export async function startGoogleSignInOrThrow(input: { callbackURL: string }): Promise<string> {
  let reply: SocialSignInReply | null;
  try {
    reply = await apiRequest<SocialSignInReply | null>('/api/auth/sign-in/social', {
      method: 'POST',
      body: { provider: 'google', callbackURL: input.callbackURL },
      fallbackMessage: SIGN_IN_FAILED_MESSAGE,
      silentUnauthorized: true,
    });
  } catch (error) {
    throw new SignInError(readOwnServerMessage(error, SIGN_IN_FAILED_MESSAGE), error);
  }
  if (!reply?.url) throw new SignInError(SIGN_IN_FAILED_MESSAGE, reply);
  return reply.url;
}
