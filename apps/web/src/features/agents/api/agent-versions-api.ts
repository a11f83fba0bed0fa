import { queryOptions } from '@tanstack/react-query';
import type {
  AgentGate,
  AgentGateReply,
  AgentVersion,
  ListAgentVersionsReply,
  PublishAgentVersionReply,
} from '@agentry/core/agent-versions';
import type { ListEvaluationsReply } from '@agentry/core/evaluation';
import { apiRequest } from '@/lib/api';
import { agentApiPath } from '@/lib/queries/agents';

export const versionKeys = {
  all: (subaccountId: string, agentId: string) => ['agent-versions', subaccountId, agentId] as const,
  gate: (subaccountId: string, agentId: string) => ['agent-gate', subaccountId, agentId] as const,
};

const versionsPath = (subaccountId: string, agentId: string) => `${agentApiPath(subaccountId, agentId)}/versions`;

export function agentVersionsQuery(subaccountId: string, agentId: string) {
  return queryOptions({
    queryKey: versionKeys.all(subaccountId, agentId),
    queryFn: ({ signal }) =>
      apiRequest<ListAgentVersionsReply>(versionsPath(subaccountId, agentId), {
        signal,
        fallbackMessage: 'Failed to load the versions',
      }),
  });
}

export function agentGateQuery(subaccountId: string, agentId: string) {
  return queryOptions({
    queryKey: versionKeys.gate(subaccountId, agentId),
    queryFn: ({ signal }) =>
      apiRequest<AgentGateReply>(`${agentApiPath(subaccountId, agentId)}/gate`, {
        signal,
        fallbackMessage: 'Failed to load the regression gate',
      }),
  });
}

/** The finished evaluations of the active sub account, to choose the gate from. */
export function gateCandidatesQuery() {
  return queryOptions({
    queryKey: ['evaluations', 'gate-candidates'],
    queryFn: ({ signal }) =>
      apiRequest<ListEvaluationsReply>('/api/evaluations', { signal, fallbackMessage: 'Failed to load evaluations' }),
  });
}

type VersionTarget = { subaccountId: string; agentId: string; versionId: string };

export function publishVersion(target: VersionTarget & { overrideNote?: string }) {
  const path = `${versionsPath(target.subaccountId, target.agentId)}/${encodeURIComponent(target.versionId)}/publish`;
  return target.overrideNote === undefined
    ? apiRequest<PublishAgentVersionReply>(path, { method: 'POST', fallbackMessage: 'Failed to publish' })
    : apiRequest<PublishAgentVersionReply>(`${path}/override`, {
        method: 'POST',
        body: { note: target.overrideNote },
        fallbackMessage: 'Failed to publish',
      });
}

export function restoreVersion(target: VersionTarget) {
  return apiRequest<AgentVersion>(
    `${versionsPath(target.subaccountId, target.agentId)}/${encodeURIComponent(target.versionId)}/restore`,
    { method: 'POST', body: {}, fallbackMessage: 'Failed to restore the version' },
  );
}

export function updateGate(options: { subaccountId: string; agentId: string; gate: AgentGate | null }) {
  return apiRequest<AgentGateReply>(`${agentApiPath(options.subaccountId, options.agentId)}/gate`, {
    method: 'PUT',
    body: { gate: options.gate },
    fallbackMessage: 'Failed to save the regression gate',
  });
}
