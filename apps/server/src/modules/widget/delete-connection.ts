import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { widgetConnection } from './widget.tables';

/** Removes a widget with its visitors, conversations and counters; its embed code stops working. */
export async function deleteConnection(options: { db: Database; connectionId: string }): Promise<void> {
  await options.db.delete(widgetConnection).where(eq(widgetConnection.id, options.connectionId));
}
