import { screen, within } from '@testing-library/react';
import type { ConnectionSummary } from '@agentry/core/subaccounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const widget: ConnectionSummary = {
  id: 'conn-1',
  serviceType: 'website-widget',
  name: 'Smile Desk',
  status: 'active',
  agent: { id: 'agent-1', name: 'Front desk' },
  createdAt: '2025-03-01T10:00:00.000Z',
  href: '/sa-1/website-widget?widget=conn-1',
};
const sms: ConnectionSummary = {
  id: 'conn-2',
  serviceType: 'sms',
  name: 'Clinic SMS',
  status: 'needs_attention',
  agent: null,
  createdAt: '2025-03-02T10:00:00.000Z',
  href: '/sa-1/sms/campaigns?connection=conn-2',
};

describe('/connect (Launch Agents)', { timeout: 20_000 }, () => {
  it("lists each account's connections with service type, status and a way in", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/connection-summaries': { body: { connections: [sms, widget] } },
      'GET /api/subaccounts/sa-2/connection-summaries': { body: { connections: [] } },
    });
    renderWorkspace('/connect');
    const acme = await screen.findByRole('region', { name: 'Acme Dental' }, { timeout: 8000 });
    const rows = within(await within(acme).findByRole('list', { name: 'Acme Dental connections' })).getAllByRole(
      'listitem',
    );
    expect(within(rows[0]!).getByText('SMS')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Website widget')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Open Smile Desk' })).toHaveAttribute(
      'href',
      '/sa-1/website-widget?widget=conn-1',
    );
    const bloom = screen.getByRole('region', { name: 'Bloom Florists' });
    expect(await within(bloom).findByText('No connections yet.')).toBeInTheDocument();
    // Viewers cannot create one, nor rename the account.
    expect(within(bloom).queryByRole('link', { name: /Set up widget/ })).not.toBeInTheDocument();
    expect(within(bloom).queryByRole('button', { name: 'Rename Bloom Florists' })).not.toBeInTheDocument();
    expect(within(bloom).getByRole('button', { name: 'Switch to' })).toBeInTheDocument();
  });

  it('says when the connections could not load, with Retry', async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/connection-summaries': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Failed to load connections', support_id: 'a'.repeat(32) } },
      },
      'GET /api/subaccounts/sa-2/connection-summaries': { body: { connections: [] } },
    });
    renderWorkspace('/connect');
    const acme = await screen.findByRole('region', { name: 'Acme Dental' }, { timeout: 8000 });
    expect(await within(acme).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to load connections',
    );
    expect(within(acme).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
