import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from './agents.tables';
import { createWebhookSecret } from './create-agent';

/** A new webhook secret for an agent; the old one stops working at once. */
export async function rotateWebhookSecret(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
}): Promise<string> {
  const secret = createWebhookSecret();
  const updated = await options.db
    .update(agent)
    .set({ webhookSecret: secret, updatedAt: new Date() })
    .where(and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId)))
    .returning({ id: agent.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
  return secret;
}
