import { GoogleSignInData } from '@agentry/core/auth';
import { betterAuth } from 'better-auth';
import { addOAuthServerContext, createAuthMiddleware, getOAuthState } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink, organization } from 'better-auth/plugins';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import { createUserWorkspace } from '../accounts/create-user-workspace';
import * as authTables from './auth.tables';
import { organizationPluginOptions } from './organization-plugin-options';
import { recordEmailConsent } from './record-email-consent';
import { renderMagicLinkMail } from './render-magic-link-mail';

export const MAGIC_LINK_TTL_SECONDS = 15 * 60;

type DirectLoginCapture = (url: string) => void;

/**
 * Better Auth: e-mail magic links, Google when configured, sessions in the database,
 * organizations as sub accounts. `captureDirectLogin` lets the allow-listed direct login take
 * the link instead of mailing it.
 */
export function createAuth(options: { config: AppConfig; db: Database; mailer: Mailer }) {
  const { config, db, mailer } = options;
  const directLoginCaptures = new Map<string, DirectLoginCapture>();

  const auth = betterAuth({
    appName: 'Agentry',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: authTables }),
    trustedOrigins: config.trustedOrigins,
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Rate limits of our own routes live in the cache adapter; Better Auth's in-memory one
    // would not be shared between instances.
    rateLimit: { enabled: false },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        async sendMagicLink({ email, url }) {
          const capture = directLoginCaptures.get(email.toLowerCase());
          if (capture) {
            capture(url);
            return;
          }
          await mailer.send({
            to: email,
            ...renderMagicLinkMail({ url, minutes: MAGIC_LINK_TTL_SECONDS / 60 }),
            link: url,
          });
        },
      }),
      organization(organizationPluginOptions),
    ],
    // The sign-in dialog's consent box on the Google path: the start puts it into this round
    // trip's server-side OAuth state, and the callback records it for the user it signed in.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/social') return;
        const body = ctx.body as { additionalData?: unknown } | undefined;
        const data = GoogleSignInData.safeParse(body?.additionalData ?? {});
        if (data.success && data.data.emailconsent) await addOAuthServerContext({ emailConsent: true });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/callback/:id') return;
        const signedIn = ctx.context.newSession;
        if (!signedIn) return;
        const state = await getOAuthState();
        if (state?.serverContext?.emailConsent === true) await recordEmailConsent({ db, userId: signedIn.user.id });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async after(createdUser) {
            await createUserWorkspace({ db, userId: createdUser.id, email: createdUser.email, name: createdUser.name });
          },
        },
      },
    },
    logger: { disabled: config.env === 'test' },
  });

  return {
    auth,
    /** Runs `start` while links mailed to `email` are handed to the caller instead. */
    async captureMagicLink(email: string, start: () => Promise<unknown>): Promise<string> {
      const key = email.toLowerCase();
      let captured: string | undefined;
      directLoginCaptures.set(key, (url) => {
        captured = url;
      });
      try {
        await start();
      } finally {
        directLoginCaptures.delete(key);
      }
      if (!captured) throw new Error('Magic link was not produced');
      return captured;
    },
  };
}

export type AuthService = ReturnType<typeof createAuth>;
export type Auth = AuthService['auth'];
