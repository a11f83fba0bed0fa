import { eq } from 'drizzle-orm';
import { SUBACCOUNT_LOGO_MESSAGE, type PatchSubaccountBody, type WhiteLabelSettings } from '@agentry/core/subaccounts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { organization } from '../auth/auth.tables';
import { assertPicturePathOrThrow } from '../files/assert-picture-path';
import { subaccountSettings } from './accounts.tables';

/** Renames a sub account and/or sets its logo (an uploaded image path) or removes it (`null`). */
export async function updateSubaccountProfile(options: {
  db: Database;
  subaccountId: string;
  patch: PatchSubaccountBody;
}): Promise<void> {
  const { name, logoUrl } = options.patch;
  if (logoUrl) await assertPicturePathOrThrow({ db: options.db, path: logoUrl, message: SUBACCOUNT_LOGO_MESSAGE });
  const [row] = await options.db
    .update(organization)
    .set({ ...(name === undefined ? {} : { name }), ...(logoUrl === undefined ? {} : { logo: logoUrl }) })
    .where(eq(organization.id, options.subaccountId))
    .returning({ id: organization.id });
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
}

/** Replaces the white-label fields (the route has checked the plan allows them). */
export async function updateWhiteLabel(options: {
  db: Database;
  subaccountId: string;
  whiteLabel: WhiteLabelSettings;
}): Promise<void> {
  const [row] = await options.db
    .update(subaccountSettings)
    .set({ whiteLabel: options.whiteLabel, updatedAt: new Date() })
    .where(eq(subaccountSettings.subaccountId, options.subaccountId))
    .returning({ id: subaccountSettings.subaccountId });
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
}
