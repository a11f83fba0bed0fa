import type { CheckLinkedAccessReply, CheckUserReply, GoogleSignInData } from '@agentry/core/auth';
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

const UNKNOWN_ADDRESS: CheckUserReply = { exists: false, hasAccess: false, needsVerification: false };

/**
 * GET /api/auth/check-user. Signed out it answers every address as unknown (no enumeration); a
 * failed lookup (e.g. rate-limited) is read the same way, so it never blocks sign-in.
 */
export async function lookUpUser(email: string): Promise<CheckUserReply> {
  try {
    return await apiRequest<CheckUserReply>(`/api/auth/check-user?email=${encodeURIComponent(email)}`, {
      silentUnauthorized: true,
    });
  } catch {
    return UNKNOWN_ADDRESS;
  }
}

/** GET /api/auth/check-linked-access: a pending invitation for the address; a failed lookup reads as none. */
export async function lookUpLinkedAccess(email: string): Promise<boolean> {
  try {
    const reply = await apiRequest<CheckLinkedAccessReply>(
      `/api/auth/check-linked-access?email=${encodeURIComponent(email)}`,
      { silentUnauthorized: true },
    );
    return reply.hasLinkedAccess === true;
  } catch {
    return false;
  }
}

/** The six branches of "Continue with Email" (docs/product/accounts-and-team.md#sign-in). */
export type SignInBranch =
  | 'existing-needs-verification'
  | 'existing-without-access'
  | 'existing-with-access'
  | 'new-with-linked-access'
  | 'new-in-import-flow'
  | 'new';

/** Which branch an address takes, from the two lookups and whether the sign-in carries an import. */
export function chooseSignInBranch(input: {
  user: CheckUserReply;
  hasLinkedAccess: boolean;
  isImportFlow: boolean;
}): SignInBranch {
  const { user } = input;
  if (user.exists) {
    if (user.needsVerification) return 'existing-needs-verification';
    return user.hasAccess ? 'existing-with-access' : 'existing-without-access';
  }
  if (input.hasLinkedAccess) return 'new-with-linked-access';
  return input.isImportFlow ? 'new-in-import-flow' : 'new';
}

export type ContinueWithEmailResult =
  | { outcome: 'signed-in'; branch: 'existing-with-access' }
  | { outcome: 'link-sent'; branch: Exclude<SignInBranch, 'existing-with-access'>; email: string };

/**
 * "Continue with Email": look the address up, then
 * - existing user with access: the server only says so to that user signed in, so no e-mail is
 *   sent; the caller goes straight to the return address;
 * - existing user needing verification or without access: a new link (it confirms the address),
 *   no pre-registration;
 * - new user (with a pending invitation, bringing an import, or otherwise): pre-register with
 *   the consent flag, then the link.
 */
export async function continueWithEmailOrThrow(input: {
  email: string;
  emailconsent: boolean;
  callbackURL: string;
  isImportFlow?: boolean;
}): Promise<ContinueWithEmailResult> {
  const user = await lookUpUser(input.email);
  const hasLinkedAccess = user.exists ? false : await lookUpLinkedAccess(input.email);
  const branch = chooseSignInBranch({ user, hasLinkedAccess, isImportFlow: input.isImportFlow === true });
  if (branch === 'existing-with-access') return { outcome: 'signed-in', branch };
  if (branch === 'existing-needs-verification' || branch === 'existing-without-access') {
    try {
      await sendMagicLinkOrThrow(input);
    } catch (error) {
      throw new SignInError(readOwnServerMessage(error, SIGN_IN_FAILED_MESSAGE), error);
    }
  } else {
    await signInWithEmailOrThrow(input);
  }
  return { outcome: 'link-sent', branch, email: input.email };
}

type SocialSignInReply = { url?: string; redirect?: boolean };

/**
 * Better Auth's social sign-in: the server answers the provider's authorization URL. The consent
 * box travels as `additionalData`; the server records it when the user comes back signed in.
 */
export async function startGoogleSignInOrThrow(input: { callbackURL: string; emailconsent: boolean }): Promise<string> {
  const additionalData: GoogleSignInData = { emailconsent: input.emailconsent };
  let reply: SocialSignInReply | null;
  try {
    reply = await apiRequest<SocialSignInReply | null>('/api/auth/sign-in/social', {
      method: 'POST',
      body: { provider: 'google', callbackURL: input.callbackURL, additionalData },
      fallbackMessage: SIGN_IN_FAILED_MESSAGE,
      silentUnauthorized: true,
    });
  } catch (error) {
    throw new SignInError(readOwnServerMessage(error, SIGN_IN_FAILED_MESSAGE), error);
  }
  if (!reply?.url) throw new SignInError(SIGN_IN_FAILED_MESSAGE, reply);
  return reply.url;
}
