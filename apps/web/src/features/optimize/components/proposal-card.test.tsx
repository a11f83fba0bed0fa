import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OptimizeProposal } from '@agentry/core/optimize';
import { createTestQueryClient, mockApi, stubBrowserApis } from '@/test/workspace-test-harness';
import { ProposalCard } from './proposal-card';

const proposal: OptimizeProposal = {
  id: 'proposal-2',
  agentId: 'agent-1',
  runId: 'run-1',
  cause: 'Misses the opening hours',
  rationale: 'Adds the opening hours as a rule.',
  currentInstructions: 'You are the receptionist.\nNever quote a price.',
  proposedInstructions: 'You are the receptionist.\nNever quote a price.\nSay we open at 9.',
  failures: [],
  status: 'proposed',
  isOffline: false,
  candidateVersionId: null,
  trial: null,
  costUsd: 0.002,
  outdatedReason: null,
  createdAt: '2025-03-01T10:06:00.000Z',
};

const conflict =
  'The published instructions changed where this proposal edits them. Write the proposals again for the current version.';
const outdated =
  'The published version changed since this change was tried. Write the proposals again for the current version.';

function renderCard(shown: OptimizeProposal, canOverride = false) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ProposalCard proposal={shown} runId="run-1" isFocused={false} canOverride={canOverride} />
    </QueryClientProvider>,
  );
}

beforeEach(() => stubBrowserApis());

describe('a proposal card', () => {
  it('says why a proposal outdated by what was published since cannot be tried, and offers no Try it', () => {
    mockApi({});
    renderCard({ ...proposal, outdatedReason: conflict });
    expect(screen.getByRole('status')).toHaveTextContent(conflict);
    expect(screen.queryByRole('button', { name: 'Try it' })).not.toBeInTheDocument();
  });

  it('offers only Reject on a tried change that another publish outdated', () => {
    mockApi({});
    renderCard({ ...proposal, status: 'tried', candidateVersionId: 'version-5', outdatedReason: outdated });
    expect(screen.getByRole('status')).toHaveTextContent(outdated);
    expect(screen.queryByRole('button', { name: 'Accept and publish' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject, keep as draft' })).toBeInTheDocument();
  });

  it('offers admins no override when the publish is refused for another reason than the gate', async () => {
    mockApi({
      'POST /api/optimize/proposals/proposal-2/accept': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: outdated } },
      },
      'GET /api/optimize/proposals': { body: { proposals: [], unwritten: [], offlineNotice: null } },
    });
    renderCard({ ...proposal, status: 'tried', candidateVersionId: 'version-5' }, true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(outdated);
    expect(screen.queryByLabelText('Override note (admins)')).not.toBeInTheDocument();
  });
});
