import type { Action } from '@agentry/core/permissions';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { authorizeForRow } from '../auth/authorize';
import { loadDemoRow } from './load-demo-row';
import type { DemoAgentRow, DemoRow } from './to-demo';

/**
 * A demo addressed by its own id: the caller must be allowed `action` in its sub account.
 * Another tenant's demo looks exactly like a missing one (404).
 */
export async function getDemoForMemberOrThrow(options: {
  db: Database;
  demoId: string;
  userId: string;
  action: Action;
}): Promise<{ row: DemoRow; agentRow: DemoAgentRow | null }> {
  const found = await loadDemoRow(options);
  if (!found) throw new AppError('NOT_FOUND', { message: 'Demo not found' });
  await authorizeForRow({
    db: options.db,
    subaccountId: found.row.subaccountId,
    userId: options.userId,
    action: options.action,
    notFoundMessage: 'Demo not found',
  });
  return found;
}
