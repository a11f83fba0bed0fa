import type { MentorAction } from '@agentry/core/optimize';
import type { MentorContext } from './get-mentor-facts';

/**
 * The buttons under a mentor answer, from what exists (never from the model's text, so a
 * button always opens a real screen): the draft change, Optimize for the latest failed run,
 * that run's results (where it runs again), or a first evaluation.
 */
export function chooseMentorActions(context: MentorContext): MentorAction[] {
  const { facts, draftRunId, isDraftPublished } = context;
  const actions: MentorAction[] = [];
  const agentQuery = `agentId=${encodeURIComponent(facts.agentId)}`;
  if (facts.draftProposalId && draftRunId)
    actions.push({
      kind: 'open-proposal',
      label: isDraftPublished ? 'Open the published change' : 'Open the draft change',
      path: `/optimize?${agentQuery}&runId=${encodeURIComponent(draftRunId)}&proposalId=${encodeURIComponent(facts.draftProposalId)}`,
    });
  const run = facts.latestRun;
  if (run && run.failures > 0)
    actions.push({
      kind: 'open-optimize',
      label: 'Apply a fix as a draft',
      path: `/optimize?${agentQuery}&runId=${encodeURIComponent(run.runId)}`,
    });
  if (run)
    actions.push({
      kind: 'run-evaluation',
      label: 'Run this evaluation again',
      path: `/new-evaluation/results/${encodeURIComponent(run.runId)}`,
    });
  else
    actions.push({
      kind: 'run-evaluation',
      label: 'Run a first evaluation',
      path: '/new-evaluation/openai-assistants',
    });
  return actions;
}
