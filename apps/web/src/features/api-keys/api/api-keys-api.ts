import { queryOptions } from '@tanstack/react-query';
import type { AgentWebhook } from '@agentry/core/agents';
import type { ApiKey, CreatedApiKeyReply } from '@agentry/core/llm';
import { apiRequest } from '@/lib/api';

const subaccountPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}`;

export const apiKeyKeys = {
  list: (subaccountId: string) => ['api-keys', subaccountId] as const,
  webhook: (subaccountId: string, agentId: string) => ['api-keys', subaccountId, 'webhook', agentId] as const,
};

export function apiKeysQuery(subaccountId: string) {
  return queryOptions({
    queryKey: apiKeyKeys.list(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ keys: ApiKey[] }>(`${subaccountPath(subaccountId)}/api-keys`, {
        signal,
        fallbackMessage: 'Failed to load API keys',
      }),
  });
}

export function createApiKey(options: { subaccountId: string; name: string }) {
  return apiRequest<CreatedApiKeyReply>(`${subaccountPath(options.subaccountId)}/api-keys`, {
    method: 'POST',
    body: { name: options.name },
    fallbackMessage: 'Failed to create the API key',
  });
}

export function revokeApiKey(options: { subaccountId: string; keyId: string }) {
  return apiRequest<null>(`${subaccountPath(options.subaccountId)}/api-keys/${encodeURIComponent(options.keyId)}`, {
    method: 'DELETE',
    fallbackMessage: 'Failed to revoke the API key',
  });
}

export function agentWebhookQuery(subaccountId: string, agentId: string) {
  return queryOptions({
    queryKey: apiKeyKeys.webhook(subaccountId, agentId),
    queryFn: ({ signal }) =>
      apiRequest<AgentWebhook>(`${subaccountPath(subaccountId)}/agents/${encodeURIComponent(agentId)}/webhook`, {
        signal,
      }),
  });
}

export function rotateWebhookSecret(options: { subaccountId: string; agentId: string }) {
  return apiRequest<AgentWebhook>(
    `${subaccountPath(options.subaccountId)}/agents/${encodeURIComponent(options.agentId)}/webhook/rotate`,
    { method: 'POST', body: {} },
  );
}
