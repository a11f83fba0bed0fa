import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { demo } from './demos.tables';

/** Deletes a demo of the sub account; its shared link answers 404 from then on. */
export async function deleteDemo(options: { db: Database; subaccountId: string; demoId: string }): Promise<void> {
  const deleted = await options.db
    .delete(demo)
    .where(and(eq(demo.id, options.demoId), eq(demo.subaccountId, options.subaccountId)))
    .returning({ id: demo.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'Demo not found' });
}
