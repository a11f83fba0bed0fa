import { queryOptions } from '@tanstack/react-query';
import type {
  CreateProviderKeyBody,
  ProviderKey,
  TestProviderKeyReply,
  UpdateProviderKeyBody,
} from '@agentry/core/llm';
import { apiRequest } from '@/lib/api';

const basePath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}/provider-keys`;

export const providerKeyKeys = {
  list: (subaccountId: string) => ['provider-keys', subaccountId] as const,
};

export function providerKeysQuery(subaccountId: string) {
  return queryOptions({
    queryKey: providerKeyKeys.list(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ keys: ProviderKey[] }>(basePath(subaccountId), {
        signal,
        fallbackMessage: 'Failed to load provider keys',
      }),
  });
}

export function createProviderKey(options: { subaccountId: string; body: CreateProviderKeyBody }) {
  return apiRequest<ProviderKey>(basePath(options.subaccountId), {
    method: 'POST',
    body: options.body,
    fallbackMessage: 'Failed to save the key',
  });
}

export function updateProviderKey(options: { subaccountId: string; keyId: string; body: UpdateProviderKeyBody }) {
  return apiRequest<ProviderKey>(`${basePath(options.subaccountId)}/${encodeURIComponent(options.keyId)}`, {
    method: 'PUT',
    body: options.body,
    fallbackMessage: 'Failed to save the key',
  });
}

export function deleteProviderKey(options: { subaccountId: string; keyId: string }) {
  return apiRequest<null>(`${basePath(options.subaccountId)}/${encodeURIComponent(options.keyId)}`, {
    method: 'DELETE',
    fallbackMessage: 'Failed to delete the key',
  });
}

export function testProviderKey(options: { subaccountId: string; keyId: string }) {
  return apiRequest<TestProviderKeyReply>(
    `${basePath(options.subaccountId)}/${encodeURIComponent(options.keyId)}/test`,
    { method: 'POST', body: {}, fallbackMessage: 'Failed to test the key' },
  );
}
