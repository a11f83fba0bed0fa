import { listGatedDemoChanges, type DemoCapability, type DemoSettings } from '@agentry/core/demos';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { assertSubaccountCapabilityOrThrow } from '../billing/resolve-capabilities';

type DemoState = { settings: DemoSettings; requestLimit: number };

/**
 * Plan capabilities of demos: basic always; a gated setting newly set to a non-default value
 * needs demos.advanced or demos.whitelabel (403 PLAN_REQUIRED, naming the settings). Values
 * already stored stay, so a downgrade never makes an existing demo unsavable.
 */
export async function assertDemoCapabilities(options: {
  db: Database;
  subaccountId: string;
  before: DemoState | null;
  after: DemoState;
}): Promise<void> {
  const gated = listGatedDemoChanges({ before: options.before, after: options.after });
  const checks: [DemoCapability, string[]][] = [
    ['advanced', gated.advanced],
    ['whitelabel', gated.whitelabel],
  ];
  for (const [capability, settings] of checks) {
    if (settings.length === 0) continue;
    try {
      await assertSubaccountCapabilityOrThrow({
        db: options.db,
        subaccountId: options.subaccountId,
        check: { demo: capability },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'PLAN_REQUIRED') {
        throw new AppError('PLAN_REQUIRED', { extra: { ...error.extra, capability: `demos.${capability}`, settings } });
      }
      throw error;
    }
  }
}
