import { queryOptions } from '@tanstack/react-query';
import type { Agent, ListAgentsReply, UpdateAgentBody } from '@agentry/core/agents';
import { apiRequest } from '@/lib/api';

const subaccountPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}`;
const agentPath = (subaccountId: string, agentId: string) => `${subaccountPath(subaccountId)}/agents/${encodeURIComponent(agentId)}`;

export const agentKeys = {
  all: ['agents'] as const,
  lists: (subaccountId: string) => ['agents', subaccountId, 'list'] as const,
  list: (subaccountId: string, search: string) => ['agents', subaccountId, 'list', search] as const,
  detail: (subaccountId: string, agentId: string) => ['agents', subaccountId, 'detail', agentId] as const,
};

export function agentsListQuery(subaccountId: string, search = '') {
  const query = search.trim();
  return queryOptions({
    queryKey: agentKeys.list(subaccountId, query),
    queryFn: ({ signal }) =>
      apiRequest<ListAgentsReply>(`${subaccountPath(subaccountId)}/agents${query ? `?${new URLSearchParams({ search: query }).toString()}` : ''}`, {
        signal,
        fallbackMessage: 'Failed to load agents',
      }),
  });
}

export function agentQuery(subaccountId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.detail(subaccountId, agentId),
    queryFn: ({ signal }) => apiRequest<Agent>(agentPath(subaccountId, agentId), { signal, fallbackMessage: 'Failed to fetch build information' }),
  });
}

export function updateAgent(options: { subaccountId: string; agentId: string; body: UpdateAgentBody }) {
  return apiRequest<Agent>(agentPath(options.subaccountId, options.agentId), { method: 'PATCH', body: options.body, fallbackMessage: 'Failed to update build' });
}

export function deleteAgent(options: { subaccountId: string; agentId: string }) {
  return apiRequest<null>(agentPath(options.subaccountId, options.agentId), { method: 'DELETE', fallbackMessage: 'Failed to delete the agent' });
}

export function agentFromIdeaPath(subaccountId: string) {
  return `${subaccountPath(subaccountId)}/agents/from-idea`;
}

/** Where an agent's own page lives. */
export function agentPagePath(agent: Pick<Agent, 'subaccountId' | 'buildId'>) {
  return `/subaccounts/${encodeURIComponent(agent.subaccountId)}/agents/${encodeURIComponent(agent.buildId)}`;
}

export function agentsListPath(subaccountId: string) {
  return `/subaccounts/${encodeURIComponent(subaccountId)}/agents`;
}

export function createBlankAgent(subaccountId: string) {
  return apiRequest<Agent>(`${subaccountPath(subaccountId)}/agents`, { method: 'POST', body: {}, fallbackMessage: 'Failed to create the agent' });
}
