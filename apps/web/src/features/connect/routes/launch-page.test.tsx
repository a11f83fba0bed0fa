import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildConnection } from '../test/connect-fixtures';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('/connect (Launch Agents)', { timeout: 20_000 }, () => {
  it("lists each account's website widgets and blocks with their state and a link into the designer", async () => {
    mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/connections': ({ query }) => ({
        body: {
          connections:
            query.get('type') === 'website-block'
              ? [
                  buildConnection({
                    connectionId: 'block-1',
                    type: 'website-block',
                    settings: { ...buildConnection().settings, widgetTitle: 'Ask Acme' },
                  }),
                ]
              : [
                  buildConnection({
                    needsRedeploy: true,
                    settings: { ...buildConnection().settings, widgetTitle: 'Smile Desk' },
                  }),
                ],
        },
      }),
      'GET /api/subaccounts/sa-2/connections': { body: { connections: [] } },
    });
    renderWorkspace('/connect');
    const acme = await screen.findByRole('region', { name: 'Acme Dental' }, { timeout: 8000 });
    expect(await within(acme).findByText('Smile Desk')).toBeInTheDocument();
    expect(within(acme).getByText('Redeploy Required')).toBeInTheDocument();
    expect(within(acme).getByRole('link', { name: 'Open Smile Desk in the designer' })).toHaveAttribute(
      'href',
      '/sa-1/website-widget?widget=conn-1',
    );
    expect(within(acme).getByText('Website block · widget-1')).toBeInTheDocument();
    expect(within(acme).getByRole('link', { name: 'Open Ask Acme in the designer' })).toHaveAttribute(
      'href',
      '/sa-1/website-block?block=block-1',
    );
    const bloom = screen.getByRole('region', { name: 'Bloom Florists' });
    expect(await within(bloom).findByText('No website widget yet.')).toBeInTheDocument();
    // Viewers cannot create one.
    expect(within(bloom).queryByRole('link', { name: /Set up widget/ })).not.toBeInTheDocument();
  });
});
