import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { getSubaccountOwnerOrThrow } from '../../accounts/get-subaccount-owner';
import { listProviderKeys } from '../../llm/list-provider-keys';
import { resolveModelRoute, type ModelRoute } from '../../llm/resolve-model-route';
import { chooseModelProvider } from './choose-model-provider';

/** The testing model's route, resolved once per run or generation job (its key does not change mid-run). */
export type TestingModel = { route: ModelRoute; subaccountId: string; billingUserId: string | null };

export async function resolveTestingModel(options: {
  db: Database;
  config: AppConfig;
  subaccountId: string;
  model: string;
}): Promise<TestingModel> {
  const keys = await listProviderKeys({ db: options.db, subaccountId: options.subaccountId });
  const choice = chooseModelProvider({
    config: options.config,
    keyProviders: keys.map((key) => key.provider),
    model: options.model,
  });
  // The offline answer is made by the caller (simulated user, judge, rewordings), not here.
  const route = await resolveModelRoute({
    db: options.db,
    config: options.config,
    subaccountId: options.subaccountId,
    choice,
    offline: () => '',
  });
  const billingUserId = route.isBilled
    ? await getSubaccountOwnerOrThrow({ db: options.db, subaccountId: options.subaccountId })
    : null;
  return { route, subaccountId: options.subaccountId, billingUserId };
}
