import { useQuery } from '@tanstack/react-query';
import type { KeyedLlmProvider } from '@agentry/core/llm';
import { selectSubaccount, useSession } from '@/lib/session';
import { providerKeysQuery } from '../api/evaluation-api';

export type KeySource = 'own-key' | 'credits' | 'unknown';

/**
 * Whose tokens an evaluation spends: the sub account's own provider key when it has one for the
 * provider (the documented warning), else the platform's, paid with credits.
 */
export function useKeySource(provider: KeyedLlmProvider | 'any' = 'any'): KeySource {
  const { data: session } = useSession();
  const subaccountId = (session ? selectSubaccount(session)?.id : undefined) ?? '';
  const keys = useQuery({ ...providerKeysQuery(subaccountId), enabled: subaccountId !== '' });
  if (!keys.data) return 'unknown';
  return keys.data.keys.some((key) => provider === 'any' || key.provider === provider) ? 'own-key' : 'credits';
}
