import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EvaluationRunListItem, EvaluationSummary, RoleUsage } from '@agentry/core/evaluation';
import type { ListProposalsReply, OptimizeProposal, UnwrittenProposal } from '@agentry/core/optimize';
import { buildAgent } from '@/test/agent-fixtures';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

const run: EvaluationRunListItem = {
  id: 'run-1',
  evaluationId: 'evaluation-1',
  name: 'Pricing check',
  type: 'openai-assistants',
  agent: { buildId: 'agent-1', aiName: 'Dental Receptionist' },
  model: 'gpt-4o-mini',
  testingModel: 'gpt-4o-mini',
  status: 'finished',
  totals: { total: 3, done: 3, queued: 0, running: 0, passes: 1, failures: 2, unclear: 0, errors: 0, cancelled: 0 },
  passRate: 1 / 3,
  costUsd: 0.01,
  millicredits: 10,
  createdAt: '2025-03-01T10:00:00.000Z',
  finishedAt: '2025-03-01T10:05:00.000Z',
};

const failure = (questionText: string) => ({
  conversationId: `conversation-${questionText}`,
  questionText,
  answer: 'It costs $3.',
  reasoning: 'The answer invents a price.',
  verdict: 'fail' as const,
});

const written: OptimizeProposal = {
  id: 'proposal-1',
  agentId: 'agent-1',
  runId: 'run-1',
  cause: 'Quotes prices it does not know',
  rationale: 'The agent invented prices; it must offer a survey instead.',
  currentInstructions: 'You are the receptionist.',
  proposedInstructions: 'You are the receptionist.\nNever quote a price.',
  failures: [failure('How much is a check-up?')],
  status: 'proposed',
  isOffline: false,
  candidateVersionId: null,
  trial: null,
  costUsd: 0.002,
  outdatedReason: null,
  createdAt: '2025-03-01T10:06:00.000Z',
};

const missing: UnwrittenProposal = {
  cause: 'Prices treatments it does not offer',
  failures: [failure('How much is whitening?')],
  error: 'The model did not answer a usable proposal. Try again, or choose another model for the agent.',
};

const listReply = (reply: Partial<ListProposalsReply>): ListProposalsReply => ({
  proposals: [],
  unwritten: [],
  offlineNotice: null,
  ...reply,
});

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});

const noUsage: RoleUsage = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, millicredits: 0 };

/** A run's summary (GET /api/evaluations/:runId), for runs the list does not hold. */
const summaryOf = (item: EvaluationRunListItem): EvaluationSummary => ({
  id: item.id,
  evaluationId: item.evaluationId,
  name: item.name,
  type: item.type,
  agent: item.agent,
  model: item.model,
  testingModel: item.testingModel,
  status: item.status,
  error: null,
  concurrency: 5,
  totals: item.totals,
  passRate: { overall: item.passRate, byGroup: [], byQuestion: [] },
  overrides: 0,
  usage: { simulatedUser: noUsage, assistant: noUsage, judge: noUsage, total: noUsage },
  conversations: [],
  createdAt: item.createdAt,
  startedAt: item.createdAt,
  finishedAt: item.finishedAt,
});

describe('Optimize & Improve', { timeout: 20_000 }, () => {
  it('shows the proposals written, says which cause has none and why, and asking again writes only that one', async () => {
    let stored = listReply({});
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/builds': { body: { builds: [buildAgent()] } },
      'GET /api/evaluations': { body: { evaluations: [run] } },
      'GET /api/optimize/proposals': () => ({ body: stored }),
      'POST /api/optimize/proposals': () => {
        stored =
          stored.unwritten.length > 0
            ? listReply({ proposals: [written, { ...written, id: 'proposal-2', cause: missing.cause }] })
            : listReply({ proposals: [written], unwritten: [missing] });
        return { status: 201, body: stored };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/optimize?agentId=agent-1&runId=run-1');
    await user.click(await screen.findByRole('button', { name: 'Find causes and propose fixes' }, { timeout: 5000 }));

    expect(await screen.findByText('1 of 2 proposals could not be written')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: written.cause })).toBeInTheDocument();
    const unwritten = screen.getByRole('region', { name: 'Causes without a proposal' });
    expect(within(unwritten).getByText(missing.cause)).toBeInTheDocument();
    expect(within(unwritten).getByText(missing.error)).toBeInTheDocument();
    expect(within(unwritten).getByText('1 failed answer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Write the missing proposal' }));
    expect(await screen.findByRole('heading', { name: missing.cause })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Causes without a proposal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose again' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/optimize/proposals')).toHaveLength(2);
  });

  describe('a run asked for by ?runId=', () => {
    const failedRun: EvaluationRunListItem = {
      ...run,
      id: 'run-failed',
      name: 'Stopped by credits',
      status: 'failed',
      createdAt: '2025-03-02T10:00:00.000Z',
      finishedAt: '2025-03-02T10:01:00.000Z',
    };
    const olderRun: EvaluationRunListItem = {
      ...run,
      id: 'run-old',
      name: 'Booking check',
      createdAt: '2024-11-01T10:00:00.000Z',
      finishedAt: '2024-11-01T10:05:00.000Z',
    };

    /** The API, recording whose proposals the page asked for. */
    function mockOptimizeApi(extra: Parameters<typeof mockApi>[0] = {}) {
      const proposalsAskedFor: (string | null)[] = [];
      const calls = mockApi({
        'GET /api/me': { body: signedInUser },
        'GET /api/builds': { body: { builds: [buildAgent()] } },
        'GET /api/evaluations': { body: { evaluations: [failedRun, run] } },
        'GET /api/optimize/proposals': ({ query }) => {
          proposalsAskedFor.push(query.get('runId'));
          return { body: listReply({}) };
        },
        ...extra,
      });
      return { calls, proposalsAskedFor };
    }

    it('says a failed run cannot be optimized instead of opening another run, and lets the user pick one', async () => {
      const { proposalsAskedFor } = mockOptimizeApi();
      const user = userEvent.setup();
      renderWorkspace('/optimize?agentId=agent-1&runId=run-failed');

      const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(notice).toHaveTextContent('“Stopped by credits” cannot be optimized');
      expect(notice).toHaveTextContent('failed before it finished');
      expect(screen.queryByRole('region', { name: 'Proposed changes' })).not.toBeInTheDocument();
      expect(screen.queryByText(/in “Pricing check”/)).not.toBeInTheDocument();
      expect(proposalsAskedFor).toEqual([]);

      await user.click(screen.getByRole('combobox', { name: 'Evaluation run with failures' }));
      await user.click(await screen.findByRole('option', { name: /^Pricing check/ }));
      expect(await screen.findByRole('button', { name: 'Find causes and propose fixes' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(proposalsAskedFor).toEqual(['run-1']);
    });

    it('opens a finished run older than the list by loading it on its own', async () => {
      const { proposalsAskedFor } = mockOptimizeApi({
        'GET /api/evaluations/run-old': { body: summaryOf(olderRun) },
      });
      renderWorkspace('/optimize?agentId=agent-1&runId=run-old');

      const proposals = await screen.findByRole('region', { name: 'Proposed changes' }, { timeout: 5000 });
      expect(within(proposals).getByText(/in “Booking check”/)).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Evaluation run with failures' })).toHaveTextContent(
        /^Booking check/,
      );
      await waitFor(() => expect(proposalsAskedFor).toEqual(['run-old']));
    });

    it('says a run that cannot be found was not found, instead of opening another run', async () => {
      const { proposalsAskedFor } = mockOptimizeApi({
        'GET /api/evaluations/run-gone': {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Evaluation run not found' } },
        },
      });
      renderWorkspace('/optimize?agentId=agent-1&runId=run-gone');

      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
        'The evaluation run you opened was not found',
      );
      expect(screen.queryByRole('region', { name: 'Proposed changes' })).not.toBeInTheDocument();
      expect(proposalsAskedFor).toEqual([]);
    });
  });
});
