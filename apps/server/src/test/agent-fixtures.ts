import type { z } from 'zod';
import type { Agent, CreateAgentBody } from '@agentry/core/agents';
import { grantBonusCredits } from '../modules/credits/grant-credits';
import type { TestApp } from './create-test-app';
import { signIn } from './sign-in';

/** Signs a new user in; answers the cookie, the user id and their first sub account. */
export async function signInWithWorkspace(app: TestApp, email: string) {
  const { cookie } = await signIn(app, email);
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{
    user: { id: string };
    subaccounts: { id: string }[];
  }>();
  const subaccountId = me.subaccounts[0]?.id;
  if (!subaccountId) throw new Error(`${email} has no sub account`);
  return { cookie, userId: me.user.id, subaccountId };
}

export async function createTestAgent(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  body: z.input<typeof CreateAgentBody> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/agents`,
    headers: { cookie: session.cookie },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`agent creation failed: ${response.statusCode} ${response.body}`);
  return response.json<Agent>();
}

/** Stores a provider key of the sub account through the API (agents on that provider then use it). */
export async function addTestProviderKey(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  key: { provider: string; apiKey: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/provider-keys`,
    headers: { cookie: session.cookie },
    payload: key,
  });
  if (response.statusCode !== 201) throw new Error(`provider key failed: ${response.statusCode} ${response.body}`);
}

/** Creates a public API key of the sub account through the API; answers its secret. */
export async function createTestApiKey(
  app: TestApp,
  session: { cookie: string; subaccountId: string },
  name: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/subaccounts/${session.subaccountId}/api-keys`,
    headers: { cookie: session.cookie },
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`API key failed: ${response.statusCode} ${response.body}`);
  return response.json<{ secret: string }>().secret;
}

export async function grantTestCredits(app: TestApp, userId: string, millicredits: number) {
  await grantBonusCredits({
    db: app.platform.database.db,
    billingUserId: userId,
    millicredits,
    idempotencyKey: `test:${userId}:${Date.now()}:${Math.random()}`,
    reference: 'test',
    kind: 'adjustment',
  });
}

/** The JSON payloads of a server-sent event stream body. */
export function parseEventStream(body: string): unknown[] {
  return body
    .split('\n\n')
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data: '))
    .map((event) => {
      const data = event.slice('data: '.length);
      return data === '[DONE]' ? data : (JSON.parse(data) as unknown);
    });
}
