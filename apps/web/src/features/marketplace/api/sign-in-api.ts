import { marketplaceMessages } from '@agentry/core/marketplace';
import { ApiError, apiRequest } from '@/lib/api';

export const SIGN_IN_FAILED_MESSAGE = 'An error occurred during sign-in';

/** A failed step of the signed-out flow, with the text to show where it belongs. */
export class MarketplaceSignInError extends Error {
  readonly step: 'pre-register' | 'magic-link';
  constructor(step: MarketplaceSignInError['step'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MarketplaceSignInError';
    this.step = step;
  }
}

/** The server's own words for a failed auth call: `error` as text, `error.message`, or `message`. */
export function readServerText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const body = error.body as { error?: unknown; message?: unknown };
  const nested =
    typeof body.error === 'object' && body.error !== null ? (body.error as { message?: unknown }).message : undefined;
  for (const candidate of [body.error, nested, body.message]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}

/**
 * docs/product/marketplace.md#the-create-project-wizard: pre-register the e-mail, run `beforeLink` (the wizard keeps its pending
 * project there), then send the magic link that returns to `callbackURL`.
 */
export async function startMarketplaceSignIn(input: { email: string; callbackURL: string; beforeLink: () => void }) {
  try {
    await apiRequest<unknown>('/api/auth/pre-register', {
      method: 'POST',
      body: { email: input.email, emailconsent: false },
      silentUnauthorized: true,
    });
  } catch (error) {
    throw new MarketplaceSignInError('pre-register', readServerText(error) ?? marketplaceMessages.preRegisterFailed, {
      cause: error,
    });
  }
  input.beforeLink();
  try {
    await apiRequest<unknown>('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: { email: input.email, callbackURL: input.callbackURL },
      silentUnauthorized: true,
    });
  } catch (error) {
    throw new MarketplaceSignInError('magic-link', readServerText(error) ?? SIGN_IN_FAILED_MESSAGE, { cause: error });
  }
}
