import { queryOptions } from '@tanstack/react-query';
import type { Agent, ListAgentsReply } from '@agentry/core/agents';
import { apiRequest } from '@/lib/api';

/**
 * The agents of a sub account, read by every screen that lists or picks one (agents, demos,
 * widget designer, API tester) under the same keys, so a change made on one screen refreshes
 * the others.
 */
export const agentKeys = {
  all: ['agents'] as const,
  lists: (subaccountId: string) => ['agents', subaccountId, 'list'] as const,
  list: (subaccountId: string, search: string) => ['agents', subaccountId, 'list', search] as const,
  detail: (subaccountId: string, agentId: string) => ['agents', subaccountId, 'detail', agentId] as const,
};

export const subaccountAgentsPath = (subaccountId: string) =>
  `/api/subaccounts/${encodeURIComponent(subaccountId)}/agents`;
export const agentApiPath = (subaccountId: string, agentId: string) =>
  `${subaccountAgentsPath(subaccountId)}/${encodeURIComponent(agentId)}`;

export function agentsListQuery(subaccountId: string, search = '') {
  const query = search.trim();
  return queryOptions({
    queryKey: agentKeys.list(subaccountId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListAgentsReply>(
        `${subaccountAgentsPath(subaccountId)}${query ? `?${new URLSearchParams({ search: query }).toString()}` : ''}`,
        {
          signal,
          fallbackMessage: 'Failed to load agents',
        },
      ),
  });
}

export function agentQuery(subaccountId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.detail(subaccountId, agentId),
    queryFn: ({ signal }) =>
      apiRequest<Agent>(agentApiPath(subaccountId, agentId), {
        signal,
        fallbackMessage: 'Failed to fetch build information',
      }),
  });
}
