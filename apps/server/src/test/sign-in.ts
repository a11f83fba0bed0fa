import type { TestApp } from './create-test-app';

/** Signs in through the real magic-link flow and the dev mailbox; answers the cookie header. */
export async function signIn(app: TestApp, email: string, callbackURL = '/agents/create') {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    payload: { email, callbackURL },
  });
  if (start.statusCode !== 200) throw new Error(`magic link request failed: ${start.statusCode} ${start.body}`);
  const link = await latestMagicLink(app, email);
  const verify = await app.inject({ method: 'GET', url: link.pathname + link.search });
  if (verify.statusCode !== 302) throw new Error(`magic link verify failed: ${verify.statusCode} ${verify.body}`);
  const cookie = verify.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  return { cookie, location: verify.headers.location };
}

/** The newest link mailed to `email`; polls briefly because Better Auth may send in the background. */
export async function latestMagicLink(app: TestApp, email: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mailbox = await app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
    const link = mailbox.json<{ messages: { link: string | null }[] }>().messages[0]?.link;
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no magic link in the mailbox of ${email}`);
}
