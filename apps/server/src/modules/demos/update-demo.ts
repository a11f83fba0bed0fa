import { and, eq } from 'drizzle-orm';
import { DemoSettings, type Demo, type UpdateDemoBody } from '@agentry/core/demos';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { getAgentRowOrThrow } from '../agents/get-agent-or-throw';
import { assertDemoCapabilities } from './assert-demo-capabilities';
import { demo } from './demos.tables';
import { mirrorDemoLogo } from './mirror-demo-logo';
import { toDemo, type DemoAgentRow, type DemoRow } from './to-demo';

/**
 * Saves the given fields of a demo (already loaded for a member). `settings` replaces the whole
 * object; `resetRequests` sets the counter back to 0; a new buildId must be an agent of the
 * same sub account (choosing one repairs a misconfigured demo).
 */
export async function updateDemo(options: {
  db: Database;
  current: { row: DemoRow; agentRow: DemoAgentRow | null };
  body: UpdateDemoBody;
}): Promise<Demo> {
  const { db, body } = options;
  const { row: current } = options.current;
  const agentRow = body.buildId
    ? await getAgentRowOrThrow({ db, agentId: body.buildId, subaccountId: current.subaccountId })
    : options.current.agentRow;
  const currentSettings = DemoSettings.parse(current.settings);
  const logo = mirrorDemoLogo({
    settings: body.settings ?? currentSettings,
    logoUrl: body.logoUrl,
    logoWidth: body.logoWidth,
    avatarUrl: body.avatarUrl,
    current: {
      logoUrl: current.logoUrl,
      logoWidth: current.logoWidth,
      avatarUrl: current.avatarUrl,
      settings: currentSettings,
    },
    hasNewSettings: body.settings !== undefined,
  });
  const requestLimit = body.requestLimit ?? current.requestLimit;
  await assertDemoCapabilities({
    db,
    subaccountId: current.subaccountId,
    before: { settings: currentSettings, requestLimit: current.requestLimit },
    after: { settings: logo.settings, requestLimit },
  });
  const [row] = await db
    .update(demo)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.buildId !== undefined ? { buildId: body.buildId } : {}),
      ...(body.resetRequests ? { requestCount: 0 } : {}),
      logoUrl: logo.logoUrl,
      avatarUrl: logo.avatarUrl,
      logoWidth: logo.logoWidth,
      settings: logo.settings,
      requestLimit,
      updatedAt: new Date(),
    })
    .where(and(eq(demo.id, current.id), eq(demo.subaccountId, current.subaccountId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Demo not found' });
  return toDemo(row, row.buildId ? agentRow : null);
}
