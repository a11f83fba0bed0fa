import { queryOptions } from '@tanstack/react-query';
import type { ListBuildsReply } from '@agentry/core/agents';
import type { ListEvaluationsReply } from '@agentry/core/evaluation';
import type {
  ListProposalsReply,
  MentorThreadReply,
  ProposalReply,
  SendMentorMessageBody,
  SendMentorMessageReply,
} from '@agentry/core/optimize';
import { apiRequest } from '@/lib/api';

export const optimizeKeys = {
  builds: ['optimize', 'builds'] as const,
  runs: ['optimize', 'runs'] as const,
  proposals: (runId: string) => ['optimize', 'proposals', runId] as const,
  mentorThread: (agentId: string) => ['optimize', 'mentor', agentId] as const,
};

/** The active sub account's agents. */
export function buildsQuery() {
  return queryOptions({
    queryKey: optimizeKeys.builds,
    queryFn: ({ signal }) =>
      apiRequest<ListBuildsReply>('/api/builds', { signal, fallbackMessage: 'Failed to load builds' }),
  });
}

/** The sub account's evaluation runs (filtered to an agent's finished ones by the page). */
export function runsQuery() {
  return queryOptions({
    queryKey: optimizeKeys.runs,
    queryFn: ({ signal }) =>
      apiRequest<ListEvaluationsReply>('/api/evaluations', { signal, fallbackMessage: 'Failed to load evaluations' }),
  });
}

export function proposalsQuery(runId: string) {
  return queryOptions({
    queryKey: optimizeKeys.proposals(runId),
    queryFn: ({ signal }) =>
      apiRequest<ListProposalsReply>(`/api/optimize/proposals?runId=${encodeURIComponent(runId)}`, {
        signal,
        fallbackMessage: 'Failed to load the proposals',
      }),
  });
}

export function createProposals(runId: string) {
  return apiRequest<ListProposalsReply>('/api/optimize/proposals', {
    method: 'POST',
    body: { runId },
    fallbackMessage: 'Failed to propose changes',
  });
}

const proposalPath = (proposalId: string) => `/api/optimize/proposals/${encodeURIComponent(proposalId)}`;

export function tryProposal(proposalId: string) {
  return apiRequest<ProposalReply>(`${proposalPath(proposalId)}/try`, {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to try the change',
  });
}

export function getProposal(proposalId: string) {
  return apiRequest<ProposalReply>(proposalPath(proposalId), { fallbackMessage: 'Failed to load the proposal' });
}

export function acceptProposal(proposalId: string, overrideNote?: string) {
  return apiRequest<ProposalReply>(`${proposalPath(proposalId)}/accept`, {
    method: 'POST',
    body: overrideNote ? { overrideNote } : {},
    fallbackMessage: 'Failed to publish the change',
  });
}

export function rejectProposal(proposalId: string) {
  return apiRequest<ProposalReply>(`${proposalPath(proposalId)}/reject`, {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to reject the change',
  });
}

export function mentorThreadQuery(agentId: string) {
  return queryOptions({
    queryKey: optimizeKeys.mentorThread(agentId),
    queryFn: ({ signal }) =>
      apiRequest<MentorThreadReply>(`/api/mentor/thread?agentId=${encodeURIComponent(agentId)}`, {
        signal,
        fallbackMessage: 'Failed to load the AI Mentor',
      }),
  });
}

export function sendMentorMessage(body: SendMentorMessageBody) {
  return apiRequest<SendMentorMessageReply>('/api/mentor/messages', {
    method: 'POST',
    body,
    fallbackMessage: 'The AI Mentor could not answer',
  });
}
