import { prefillDemoFromAgent } from '@agentry/core/agent-prefill';
import { DemoSettings, demoLimits, type CreateDemoBody, type Demo } from '@agentry/core/demos';
import type { Database } from '../../platform/db/database';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { assertDemoCapabilities } from './assert-demo-capabilities';
import { createDemoId } from './create-demo-id';
import { demo } from './demos.tables';
import { mirrorDemoLogo } from './mirror-demo-logo';
import { toDemo } from './to-demo';

/** Creates a demo of an agent of the same sub account (404 for another sub account's agent). */
export async function createDemo(options: {
  db: Database;
  subaccountId: string;
  userId: string;
  body: CreateDemoBody;
}): Promise<Demo> {
  const { db, body } = options;
  const agentRow = await getAgentRowOrThrow({ db, agentId: body.buildId, subaccountId: options.subaccountId });
  const logo = mirrorDemoLogo({
    // Title, names, welcome message and replies come from the agent unless the creator wrote their own.
    settings: prefillDemoFromAgent(body.settings ?? DemoSettings.parse({}), agentRow),
    logoUrl: body.logoUrl,
    logoWidth: body.logoWidth,
    avatarUrl: body.avatarUrl,
    current: null,
  });
  const requestLimit = body.requestLimit ?? demoLimits.defaultRequestLimit;
  await assertDemoCapabilities({
    db,
    subaccountId: options.subaccountId,
    before: null,
    after: { settings: logo.settings, requestLimit },
  });
  const [row] = await db
    .insert(demo)
    .values({
      id: createDemoId(),
      subaccountId: options.subaccountId,
      name: body.name,
      type: body.type,
      buildId: agentRow.id,
      logoUrl: logo.logoUrl,
      avatarUrl: logo.avatarUrl,
      logoWidth: logo.logoWidth,
      settings: logo.settings,
      requestLimit,
      createdByUserId: options.userId,
    })
    .returning();
  if (!row) throw new Error('demo insert returned nothing');
  return toDemo(row, agentRow);
}
