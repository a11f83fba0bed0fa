import type { Agent, UpdateAgentBody } from '@agentry/core/agents';
import { apiRequest } from '@/lib/api';
import { agentApiPath as agentPath, subaccountAgentsPath } from '@/lib/queries/agents';

export function updateAgent(options: { subaccountId: string; agentId: string; body: UpdateAgentBody }) {
  return apiRequest<Agent>(agentPath(options.subaccountId, options.agentId), {
    method: 'PATCH',
    body: options.body,
    fallbackMessage: 'Failed to update build',
  });
}

export function deleteAgent(options: { subaccountId: string; agentId: string }) {
  return apiRequest<null>(agentPath(options.subaccountId, options.agentId), {
    method: 'DELETE',
    fallbackMessage: 'Failed to delete the agent',
  });
}

export function agentFromIdeaPath(subaccountId: string) {
  return `${subaccountAgentsPath(subaccountId)}/from-idea`;
}

/** Where an agent's own page lives. */
export function agentPagePath(agent: Pick<Agent, 'subaccountId' | 'buildId'>) {
  return `/subaccounts/${encodeURIComponent(agent.subaccountId)}/agents/${encodeURIComponent(agent.buildId)}`;
}

export function agentsListPath(subaccountId: string) {
  return `/subaccounts/${encodeURIComponent(subaccountId)}/agents`;
}

export function createBlankAgent(subaccountId: string) {
  return apiRequest<Agent>(subaccountAgentsPath(subaccountId), {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to create the agent',
  });
}
