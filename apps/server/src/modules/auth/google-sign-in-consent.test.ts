import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/create-test-app';
import { signIn } from '../../test/sign-in';
import { user, userProfile } from './auth.tables';

const GOOGLE_TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';

function toBase64Url(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Google's token endpoint, faked at the fetch edge: Better Auth calls this fixed URL, and reads
 * the profile from the ID token it answers. Each authorization code stands for one Google user.
 * Every other request goes out as usual.
 */
function fakeGoogleTokenEndpoint() {
  const profiles = new Map<string, { sub: string; email: string; name: string }>();
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(GOOGLE_TOKEN_ENDPOINT)) return realFetch(input, init);
    // Better Auth posts the form as URLSearchParams.
    const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    const profile = profiles.get(body.get('code') ?? '');
    if (!profile) return Response.json({ error: 'invalid_grant' }, { status: 400 });
    const now = Math.floor(Date.now() / 1000);
    const idToken = [
      toBase64Url({ alg: 'RS256', typ: 'JWT' }),
      toBase64Url({
        iss: 'https://accounts.google.com',
        aud: 'client-id.apps.googleusercontent.com',
        iat: now,
        exp: now + 3600,
        email_verified: true,
        ...profile,
      }),
      'signature',
    ].join('.');
    return Response.json({
      access_token: `access-${profile.sub}`,
      id_token: idToken,
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'openid email profile',
    });
  });
  return {
    /** A code the fake answers with this Google user. */
    issueCode(profile: { sub: string; email: string }) {
      const code = `code-${profile.sub}`;
      profiles.set(code, { ...profile, name: profile.email.split('@')[0] ?? profile.email });
      return code;
    },
    restore: () => spy.mockRestore(),
  };
}

describe('Continue with Google carries the consent box', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let google: ReturnType<typeof fakeGoogleTokenEndpoint>;

  beforeAll(async () => {
    google = fakeGoogleTokenEndpoint();
    harness = await createTestApp({
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
  }, 90_000);
  afterAll(async () => {
    google.restore();
    await harness.close();
  });

  /** The browser's round trip: our start call, Google's consent screen, Google's redirect back. */
  async function signInWithGoogle(profile: { sub: string; email: string }, body: Record<string, unknown>) {
    const { app } = harness;
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/agents/create', ...body },
    });
    expect(start.statusCode, start.body).toBe(200);
    const authorizationUrl = new URL(start.json<{ url: string }>().url);
    expect(authorizationUrl.origin).toBe('https://accounts.google.com');
    const state = authorizationUrl.searchParams.get('state') ?? '';
    const cookie = start.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const callback = await app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?code=${google.issueCode(profile)}&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/agents/create');
    expect(callback.cookies.some((entry) => entry.name.endsWith('session_token') && entry.value !== '')).toBe(true);
  }

  async function readConsent(email: string) {
    const db = harness.app.platform.database.db;
    const [row] = await db
      .select({ emailConsent: userProfile.emailConsent })
      .from(user)
      .innerJoin(userProfile, eq(userProfile.userId, user.id))
      .where(eq(user.email, email));
    return row?.emailConsent;
  }

  it('a Google sign-up with the box ticked records the consent', async () => {
    await signInWithGoogle(
      { sub: 'google-ticked', email: 'ticked@gmail.test' },
      { additionalData: { emailconsent: true } },
    );
    expect(await readConsent('ticked@gmail.test')).toBe(true);
  });

  it('a Google sign-up with the box unticked leaves the consent off', async () => {
    await signInWithGoogle(
      { sub: 'google-unticked', email: 'unticked@gmail.test' },
      { additionalData: { emailconsent: false } },
    );
    expect(await readConsent('unticked@gmail.test')).toBe(false);
    await signInWithGoogle({ sub: 'google-no-flag', email: 'no.flag@gmail.test' }, {});
    expect(await readConsent('no.flag@gmail.test')).toBe(false);
  });

  it('only a real true counts as consent', async () => {
    await signInWithGoogle(
      { sub: 'google-string', email: 'string.flag@gmail.test' },
      { additionalData: { emailconsent: 'true' } },
    );
    expect(await readConsent('string.flag@gmail.test')).toBe(false);
  });

  it('an existing user who ticks the box opts in; an unticked box never opts anyone out', async () => {
    const email = 'returning@gmail.test';
    await signIn(harness.app, email);
    expect(await readConsent(email)).toBe(false);

    await signInWithGoogle({ sub: 'google-returning', email }, { additionalData: { emailconsent: true } });
    expect(await readConsent(email)).toBe(true);

    await signInWithGoogle({ sub: 'google-returning', email }, { additionalData: { emailconsent: false } });
    expect(await readConsent(email)).toBe(true);
  });

  it('the consent of one sign-in does not carry over to the next one', async () => {
    await signInWithGoogle(
      { sub: 'google-first', email: 'first@gmail.test' },
      { additionalData: { emailconsent: true } },
    );
    await signInWithGoogle({ sub: 'google-second', email: 'second@gmail.test' }, {});
    expect(await readConsent('first@gmail.test')).toBe(true);
    expect(await readConsent('second@gmail.test')).toBe(false);
  });
});
