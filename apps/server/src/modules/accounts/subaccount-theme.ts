import { eq } from 'drizzle-orm';
import type { PatchSubaccountThemeBody, SubaccountTheme } from '@agentry/core/auth';
import type { Database } from '../../platform/db/database';
import { subaccountSettings } from './accounts.tables';

function toTheme(row: { isDarkMode: boolean; primaryColor: string }): SubaccountTheme {
  return { isDarkMode: row.isDarkMode, theme: row.isDarkMode ? 'dark' : 'light', primaryColor: row.primaryColor };
}

export async function getSubaccountTheme(options: { db: Database; subaccountId: string }): Promise<SubaccountTheme> {
  const [row] = await options.db.select().from(subaccountSettings).where(eq(subaccountSettings.subaccountId, options.subaccountId)).limit(1);
  // Sub accounts made outside the workspace flow have no settings row yet: the defaults apply.
  return toTheme(row ?? { isDarkMode: true, primaryColor: '#43c0b8' });
}

export async function updateSubaccountTheme(options: { db: Database; subaccountId: string; patch: PatchSubaccountThemeBody }): Promise<SubaccountTheme> {
  const { isDarkMode, primaryColor } = options.patch;
  const set = { ...(isDarkMode === undefined ? {} : { isDarkMode }), ...(primaryColor === undefined ? {} : { primaryColor }), updatedAt: new Date() };
  const [row] = await options.db
    .insert(subaccountSettings)
    .values({ subaccountId: options.subaccountId, ...set })
    .onConflictDoUpdate({ target: subaccountSettings.subaccountId, set })
    .returning();
  if (!row) throw new Error('Theme upsert returned no row');
  return toTheme(row);
}
