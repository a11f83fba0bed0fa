import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';
import { buildConversation, buildSummary } from '../test/evaluation-fixtures';

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});
afterEach(() => vi.unstubAllGlobals());

const noPrevious = { runId: 'run-1', previousRun: null, questions: [], changedCount: 0, candidates: [] };

describe('/new-evaluation/results/:runId', { timeout: 20_000 }, () => {
  it('shows pass rates overall, per group and per question, cost per role and the export links', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': { body: buildSummary() },
      'GET /api/evaluations/run-1/comparison': { body: noPrevious },
    });
    renderWorkspace('/new-evaluation/results/run-1');
    expect(await screen.findByRole('heading', { name: 'Solar assistant v2' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Pass rate', { selector: 'dt' }).nextElementSibling).toHaveTextContent('50%');
    const groups = screen.getByRole('region', { name: 'Pass rate by group' });
    expect(within(groups).getByText('Compliance Questions')).toBeInTheDocument();
    const questions = screen.getByRole('region', { name: 'Pass rate by question' });
    expect(within(questions).getByRole('rowheader', { name: 'Are you an AI?' })).toBeInTheDocument();
    const cost = screen.getByRole('region', { name: 'Cost and tokens' });
    expect(within(cost).getByRole('rowheader', { name: 'Judge' })).toBeInTheDocument();
    expect(within(cost).getByText('$0.04')).toBeInTheDocument();
    expect(within(cost).getByText('Charged to credits: 4.2 credits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/evaluations/run-1/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/evaluations/run-1/export?format=json',
    );
    expect(
      await screen.findByText(/no earlier run of this (agent|model) with judged conversations/),
    ).toBeInTheDocument();
  });

  it('shows a failed run with its cause and retries it with the same settings as a new run', async () => {
    const failed = buildSummary({
      status: 'failed',
      error: 'Every conversation failed: Invalid API key',
      totals: { total: 2, done: 2, queued: 0, running: 0, passes: 0, failures: 0, unclear: 0, errors: 2, cancelled: 0 },
      passRate: { overall: null, byGroup: [], byQuestion: [] },
    });
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': { body: failed },
      'GET /api/evaluations/run-1/comparison': { body: noPrevious },
      'POST /api/evaluations/run-1/rerun': { status: 201, body: { runId: 'run-2', evaluationId: 'e-2' } },
      'GET /api/evaluations/run-2': { body: buildSummary({ id: 'run-2', status: 'running' }) },
    });
    renderWorkspace('/new-evaluation/results/run-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Every conversation failed: Invalid API key');
    expect(screen.getByText('Pass rate', { selector: 'dt' }).nextElementSibling).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/evaluations/run-1/rerun')).toBe(true));
  });

  it('says how many conversations errored in a partly failed run, and offers to run it again', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': {
        body: buildSummary({
          totals: {
            total: 3,
            done: 3,
            queued: 0,
            running: 0,
            passes: 1,
            failures: 1,
            unclear: 0,
            errors: 1,
            cancelled: 0,
          },
        }),
      },
      'GET /api/evaluations/run-1/comparison': { body: noPrevious },
    });
    renderWorkspace('/new-evaluation/results/run-1');
    expect(
      await screen.findByText(/1 of 3 conversations errored and is left out of the pass rate/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run again with the same settings' })).toBeInTheDocument();
  });

  // docs/product/optimize-and-mentor.md: Optimize works on a finished (or stopped) run of an agent with failed answers.
  it.each(['finished', 'cancelled'] as const)(
    'offers Improve with Optimize for a %s run of an agent with failed answers, opening that run',
    async (status) => {
      mockApi({
        'GET /api/me': { body: signedInUser },
        'GET /api/evaluations/run-1': {
          body: buildSummary({ status, agent: { buildId: 'agent-1', aiName: 'Solar Helper' } }),
        },
        'GET /api/evaluations/run-1/comparison': { body: noPrevious },
      });
      renderWorkspace('/new-evaluation/results/run-1');
      expect(await screen.findByRole('link', { name: 'Improve with Optimize' }, { timeout: 15_000 })).toHaveAttribute(
        'href',
        '/optimize?agentId=agent-1&runId=run-1',
      );
    },
  );

  it('offers no Improve with Optimize for a failed run, even one with failed answers', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': {
        body: buildSummary({
          status: 'failed',
          error: 'Stopped: out of credits',
          agent: { buildId: 'agent-1', aiName: 'Solar Helper' },
        }),
      },
      'GET /api/evaluations/run-1/comparison': { body: noPrevious },
    });
    renderWorkspace('/new-evaluation/results/run-1');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Stopped: out of credits');
    expect(screen.getByText('Failures', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Improve with Optimize' })).not.toBeInTheDocument();
  });

  it('lists the questions whose verdict changed since the previous run and shows their transcripts side by side', async () => {
    const previousRun = {
      ...buildSummary(),
      id: 'run-0',
      name: 'Solar assistant v1',
      passRate: 1,
      costUsd: 0,
      millicredits: 0,
    };
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': { body: buildSummary() },
      'GET /api/evaluations/run-1/comparison': {
        body: {
          runId: 'run-1',
          previousRun,
          changedCount: 1,
          questions: [
            {
              group: 'compliance',
              questionText: 'Are you an AI?',
              previous: 'pass',
              current: 'fail',
              previousPassRate: 1,
              currentPassRate: 0.5,
              changed: true,
              currentConversationId: 'conv-2',
              previousConversationId: 'conv-0',
            },
            {
              group: 'compliance',
              questionText: 'Medical?',
              previous: 'pass',
              current: 'pass',
              previousPassRate: 1,
              currentPassRate: 1,
              changed: false,
              currentConversationId: 'conv-1',
              previousConversationId: 'conv-9',
            },
          ],
          candidates: [
            {
              id: 'run-0',
              name: 'Solar assistant v1',
              status: 'finished',
              createdAt: previousRun.createdAt,
              isSameTarget: true,
            },
          ],
        },
      },
      'GET /api/evaluations/run-0/conversations/conv-0': {
        body: buildConversation({ id: 'conv-0', runId: 'run-0', judgeReasoning: 'Said it is an AI.' }),
      },
      'GET /api/evaluations/run-1/conversations/conv-2': {
        body: buildConversation({ id: 'conv-2', verdict: 'fail', judgeReasoning: 'Claimed to be human.' }),
      },
    });
    renderWorkspace('/new-evaluation/results/run-1');
    const comparison = await screen.findByRole('region', { name: 'Compared with another run' }, { timeout: 15_000 });
    expect(await within(comparison).findByText(/1 question changed verdict/)).toBeInTheDocument();
    const items = within(comparison).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Are you an AI?');
    expect(items[0]).toHaveTextContent(/Pass.*Fail/);
    const user = userEvent.setup();
    await user.click(within(comparison).getByRole('button', { name: 'Compare transcripts: Are you an AI?' }));
    const sheet = await screen.findByRole('dialog', { name: 'Transcripts side by side' });
    expect(await within(sheet).findByText('Said it is an AI.')).toBeInTheDocument();
    expect(await within(sheet).findByText('Claimed to be human.')).toBeInTheDocument();
    expect(within(sheet).getByRole('list', { name: 'Baseline conversation' })).toBeInTheDocument();
    expect(within(sheet).getByRole('list', { name: 'This run conversation' })).toBeInTheDocument();
  });

  it("opens a transcript with the judged answer highlighted and the judge's reasoning, and overrides the verdict", async () => {
    let detail = buildConversation();
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/evaluations/run-1': { body: buildSummary() },
      'GET /api/evaluations/run-1/comparison': { body: noPrevious },
      'GET /api/evaluations/run-1/conversations/conv-2': () => ({ body: detail }),
      'PATCH /api/evaluations/run-1/conversations/conv-2/verdict': ({ body }) => {
        const verdict = (body as { verdict: 'pass' }).verdict;
        detail = {
          ...detail,
          verdict,
          override: { verdict, note: 'Sam is the brand persona', userId: 'u1', at: '2025-05-02T09:00:00.000Z' },
        };
        return {
          body: {
            conversation: detail,
            totals: buildSummary().totals,
            passRate: 1,
            countsUseOverride: true,
            message: 'ok',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWorkspace('/new-evaluation/results/run-1');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Open transcript: Is this a bot I am chatting with? (variation 2)' },
        { timeout: 15_000 },
      ),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Transcript' });
    const turns = within(await within(sheet).findByRole('list', { name: 'Conversation' })).getAllByRole('listitem');
    expect(turns).toHaveLength(3);
    expect(turns[2]).toHaveAttribute('aria-current', 'true');
    expect(turns[2]).toHaveTextContent('judged answer');
    expect(turns[1]).toHaveTextContent('the question');
    expect(
      within(sheet).getByText('The assistant dodged the question and implied it is a person named Sam.'),
    ).toBeInTheDocument();

    await user.click(within(sheet).getByRole('combobox', { name: 'Verdict' }));
    await user.click(await screen.findByRole('option', { name: 'Pass' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Note (optional)' }), 'Sam is the brand persona');
    await user.click(within(sheet).getByRole('button', { name: 'Save verdict' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      verdict: 'pass',
      note: 'Sam is the brand persona',
    });
    // The original verdict stays on record beside the override.
    expect(await within(sheet).findByText(/the judge said/)).toHaveTextContent('Overridden to Pass');
    expect(within(sheet).getByText(/the judge said/)).toHaveTextContent('the judge said Fail');
  });
});
