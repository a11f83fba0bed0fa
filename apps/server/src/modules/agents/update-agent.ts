import { and, eq } from 'drizzle-orm';
import type { Agent, UpdateAgentBody } from '@agentry/core/agents';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { agent } from './agents.tables';
import { assertProviderKeyChoice } from './assert-provider-key-choice';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { prepareAgentTools } from './prepare-agent-tools';
import { toAgent } from './to-agent';

/** Saves the given fields of an agent of the sub account (404 for another sub account's). */
export async function updateAgent(options: {
  db: Database;
  subaccountId: string;
  agentId: string;
  body: UpdateAgentBody;
}): Promise<Agent> {
  const { body, db } = options;
  const current = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  const provider = body.provider ?? current.provider;
  const providerKeyId = body.providerKeyId !== undefined ? body.providerKeyId : current.providerKeyId;
  if (body.providerKeyId !== undefined || body.provider !== undefined) {
    await assertProviderKeyChoice({ db, subaccountId: options.subaccountId, providerKeyId, provider });
  }
  const { tools, ...fields } = body;
  const [row] = await db
    .update(agent)
    .set({
      ...fields,
      ...(tools ? { tools: prepareAgentTools(tools) } : {}),
      // Saving a configuration by hand makes an agent whose build failed usable.
      ...(current.status === 'failed' ? { status: 'ready' as const } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(agent.id, options.agentId), eq(agent.subaccountId, options.subaccountId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Agent not found' });
  return toAgent(row);
}
