import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConnect, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
});

const theme = { isDarkMode: false, theme: 'light', primaryColor: '#43c0b8' };
const base = {
  'GET /api/me': { body: signedInUser },
  'GET /api/subaccounts/sa-1/theme': { body: theme },
};

describe('connect area shell', { timeout: 20_000 }, () => {
  it('draws the account sidebar with every link, the active one from the last segment, forced dark', async () => {
    mockApi(base);
    renderConnect('/sa-1/team');
    const nav = await screen.findByRole('navigation', { name: 'Account navigation' }, { timeout: 8000 });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Dashboard', '/sa-1/dashboard'],
      ['SMS Agent', '/sa-1/sms/campaigns'],
      ['WhatsApp Agent', '/sa-1/whatsapp/campaigns'],
      ['Instagram Agent', '/sa-1/link3'],
      ['Website Widget', '/sa-1/website-widget'],
      ['Website Block', '/sa-1/website-block'],
      ['Add agent', '/sa-1/add-agent'],
      ['Team', '/sa-1/team'],
      ['Settings', '/sa-1/ai-settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('heading', { name: 'Team' })).toBeInTheDocument();
  });

  it('hides Settings for members', async () => {
    mockApi({
      ...base,
      'GET /api/me': { body: { ...signedInUser, subaccounts: [{ ...signedInUser.subaccounts[0]!, role: 'member' }] } },
    });
    renderConnect('/sa-1/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Account navigation' }, { timeout: 8000 });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it("lists the user's real accounts in the switcher, with '+ Add New Account'", async () => {
    mockApi(base);
    const user = userEvent.setup();
    const { router } = renderConnect('/sa-1/team');
    await user.click(
      await screen.findByRole('button', { name: 'Account: Acme Dental. Switch account' }, { timeout: 8000 }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Acme Dental' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: '+ Add New Account' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Bloom Florists' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sa-2/team'));
  });

  it('skips the sidebar for paths containing /sms/', async () => {
    mockApi(base);
    renderConnect('/sa-1/sms/connections');
    expect(await screen.findByRole('link', { name: 'Back to Acme Dental' }, { timeout: 8000 })).toHaveAttribute(
      'href',
      '/sa-1/dashboard',
    );
    expect(screen.queryByRole('navigation', { name: 'Account navigation' })).not.toBeInTheDocument();
  });

  it('rolls the primary colour back when saving it fails', async () => {
    mockApi({
      ...base,
      'GET /api/subaccounts/sa-1/profile': {
        body: {
          id: 'sa-1',
          name: 'Acme Dental',
          logoUrl: null,
          permissionRole: 'owner',
          isLocked: false,
          planName: 'Free',
          canWhiteLabel: false,
          whiteLabel: { brandName: '', supportEmail: '', hidePlatformBranding: false },
        },
      },
      'GET /api/subaccounts/sa-1/provider-keys': { body: { keys: [] } },
      'PATCH /api/subaccounts/sa-1/theme': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Boom', support_id: 'x' } },
      },
    });
    const user = userEvent.setup();
    renderConnect('/sa-1/ai-settings');
    const swatches = await screen.findByRole('radiogroup', { name: 'Primary colour swatches' }, { timeout: 8000 });
    expect(within(swatches).getByRole('radio', { name: 'Account teal' })).toBeChecked();
    await user.click(within(swatches).getByRole('radio', { name: 'blue' }));
    expect(await screen.findByText('The change was not saved. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(swatches).getByRole('radio', { name: 'Account teal' })).toBeChecked());
  });
});
