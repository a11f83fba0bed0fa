import { eq } from 'drizzle-orm';
import type { PatchSubaccountThemeBody, SubaccountTheme } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { subaccountSettings } from './accounts.tables';

function toTheme(row: { isDarkMode: boolean; primaryColor: string }): SubaccountTheme {
  return { isDarkMode: row.isDarkMode, theme: row.isDarkMode ? 'dark' : 'light', primaryColor: row.primaryColor };
}

export async function getSubaccountTheme(options: { db: Database; subaccountId: string }): Promise<SubaccountTheme> {
  const [row] = await options.db
    .select()
    .from(subaccountSettings)
    .where(eq(subaccountSettings.subaccountId, options.subaccountId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  return toTheme(row);
}

export async function updateSubaccountTheme(options: {
  db: Database;
  subaccountId: string;
  patch: PatchSubaccountThemeBody;
}): Promise<SubaccountTheme> {
  const { isDarkMode, primaryColor } = options.patch;
  const set = {
    ...(isDarkMode === undefined ? {} : { isDarkMode }),
    ...(primaryColor === undefined ? {} : { primaryColor }),
    updatedAt: new Date(),
  };
  const [row] = await options.db
    .update(subaccountSettings)
    .set(set)
    .where(eq(subaccountSettings.subaccountId, options.subaccountId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Sub account not found' });
  return toTheme(row);
}
