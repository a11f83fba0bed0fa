import { eq } from 'drizzle-orm';
import type { PermissionRole } from '@agentry/core/permissions';
import { getPlanFamily } from '@agentry/core/plans';
import { WhiteLabelSettings, defaultWhiteLabelSettings, type SubaccountProfile } from '@agentry/core/subaccounts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { organization } from '../auth/auth.tables';
import { isSubaccountLocked } from '../billing/is-subaccount-locked';
import { resolveCapabilities } from '../billing/resolve-capabilities';
import { subaccountSettings } from './accounts.tables';

/** What the sub account's Settings page shows: profile, lock, the owner's plan and the white-label fields. */
export async function getSubaccountProfile(options: {
  db: Database;
  subaccountId: string;
  permissionRole: PermissionRole;
}): Promise<SubaccountProfile> {
  const { db, subaccountId } = options;
  const [row] = await db
    .select({
      id: organization.id,
      name: organization.name,
      logoUrl: organization.logo,
      ownerUserId: subaccountSettings.ownerUserId,
      whiteLabel: subaccountSettings.whiteLabel,
    })
    .from(organization)
    .innerJoin(subaccountSettings, eq(subaccountSettings.subaccountId, organization.id))
    .where(eq(organization.id, subaccountId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  const [{ capabilities, planFamily }, isLocked] = await Promise.all([
    resolveCapabilities({ db, billingUserId: row.ownerUserId }),
    isSubaccountLocked({ db, subaccountId }),
  ]);
  const stored = WhiteLabelSettings.safeParse(row.whiteLabel ?? {});
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    permissionRole: options.permissionRole,
    isLocked,
    planName: planFamily ? getPlanFamily(planFamily).name : 'Free',
    canWhiteLabel: capabilities.features.whitelabel_subaccounts,
    whiteLabel: stored.success ? stored.data : defaultWhiteLabelSettings,
  };
}
