import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';
import { buildDemoFixture } from '../test/demo-fixtures';

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});
afterEach(() => vi.unstubAllGlobals());

const agent = { buildId: 'agent-1', aiName: 'Smile Desk', status: 'ready' };

describe('/demo', { timeout: 20_000 }, () => {
  it('invites to create the first demo, and creates one from a name, an agent and a type', async () => {
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/demos': { body: { demos: [] } },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [agent] } },
      'POST /api/subaccounts/sa-1/demos': {
        status: 201,
        body: buildDemoFixture({ demoId: 'new-demo', type: 'sms', name: 'Smile SMS' }),
      },
      'GET /api/demos/new-demo': { body: buildDemoFixture({ demoId: 'new-demo', type: 'sms', name: 'Smile SMS' }) },
    });
    const user = userEvent.setup();
    const { router } = renderWorkspace('/demo');
    expect(
      await screen.findByRole('heading', { name: 'Create your first demo' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create demo' });
    await user.click(within(dialog).getByRole('button', { name: 'Create demo' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Smile SMS');
    await user.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Smile Desk' }));
    await user.click(within(dialog).getByRole('radio', { name: /^SMS/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create demo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/new-demo'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Smile SMS',
      type: 'sms',
      buildId: 'agent-1',
    });
  });

  it('lists demos with type, agent and requests used, searches them and deletes after typing confirm', async () => {
    const demos = [
      buildDemoFixture({ demoId: 'd1', name: 'Smile website', type: 'website', requestCount: 12, requestLimit: 100 }),
      buildDemoFixture({
        demoId: 'd2',
        name: 'Smile Instagram',
        type: 'instagram',
        requestCount: 100,
        requestLimit: 100,
        build: null,
        buildId: null,
        isMisconfigured: true,
      }),
    ];
    const calls = mockApi({
      'GET /api/me': { body: signedInUser },
      'GET /api/subaccounts/sa-1/demos': { body: { demos } },
      'DELETE /api/demos/d1': { status: 204 },
    });
    const user = userEvent.setup();
    renderWorkspace('/demo');
    const list = await screen.findByRole('list', { name: 'Demos' }, { timeout: 5000 });
    const [website, instagram] = within(list).getAllByRole('article');
    expect(within(website!).getByRole('link', { name: 'Smile website' })).toHaveAttribute('href', '/demo/d1');
    expect(within(website!).getByText('Website')).toBeInTheDocument();
    expect(within(website!).getByText('Dental Receptionist')).toBeInTheDocument();
    expect(within(website!).getAllByText('12 / 100').length).toBeGreaterThan(0);
    expect(within(instagram!).getByText('Agent deleted')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search demos' }), 'insta');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    await user.clear(screen.getByRole('searchbox', { name: 'Search demos' }));

    await user.click(await screen.findByRole('button', { name: 'Actions for Smile website' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete demo' });
    const remove = within(dialog).getByRole('button', { name: 'Delete demo' });
    expect(remove).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type confirm to continue' }), 'confirm');
    await user.click(remove);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Demos' })).getAllByRole('article')).toHaveLength(1),
    );
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/demos/d1')).toBe(true);
  });
});
