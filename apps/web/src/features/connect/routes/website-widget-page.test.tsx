import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConnect, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildAgent } from '@/test/agent-fixtures';
import { closeErrorDialog } from '@/components/error-dialog';
import { buildConnection, FakeImage } from '../test/connect-fixtures';

beforeEach(() => {
  stubBrowserApis();
  vi.stubGlobal('Image', FakeImage);
  // Radix Select measures and captures the pointer; jsdom has neither.
  for (const [name, value] of [
    ['hasPointerCapture', () => false],
    ['setPointerCapture', () => undefined],
    ['releasePointerCapture', () => undefined],
    ['scrollIntoView', () => undefined],
  ] as const) {
    if (!(name in Element.prototype))
      Object.defineProperty(Element.prototype, name, { value, configurable: true, writable: true });
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => closeErrorDialog());
});

const theme = { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' };

function handlers(overrides: Record<string, unknown> = {}) {
  let connection = buildConnection();
  const calls = mockApi({
    'GET /api/me': { body: signedInUser },
    'GET /api/subaccounts/sa-1/theme': { body: theme },
    'GET /api/subaccounts/sa-2/theme': { body: theme },
    'GET /api/subaccounts/sa-1/connections': () => ({ body: { connections: [connection] } }),
    'GET /api/subaccounts/sa-2/connections': {
      body: { connections: [buildConnection({ connectionId: 'conn-2', subaccountId: 'sa-2' })] },
    },
    'GET /api/connections/conn-1': () => ({ body: connection }),
    'GET /api/connections/conn-2': { body: buildConnection({ connectionId: 'conn-2', subaccountId: 'sa-2' }) },
    'GET /api/subaccounts/sa-1/agents': { body: { agents: [buildAgent()] } },
    'GET /api/subaccounts/sa-2/agents': { body: { agents: [] } },
    'PUT /api/connections/conn-1': ({ body }) => {
      connection = {
        ...connection,
        settings: (body as { settings: typeof connection.settings }).settings,
        needsRedeploy: true,
      };
      return { body: connection };
    },
    'PUT /api/connections/conn-1/update-build': ({ body }) => {
      connection = { ...connection, buildId: (body as { buildId: string }).buildId };
      return { body: connection };
    },
    ...(overrides as Record<string, never>),
  });
  return calls;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('website widget designer', { timeout: 20_000 }, () => {
  it('enables Save only after a change, saves with PUT and shows the documented toast', async () => {
    const calls = handlers();
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    const title = await screen.findByRole('textbox', { name: 'Widget title' }, { timeout: 5000 });
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Save your changes');

    await user.clear(title);
    await user.type(title, 'Smile Desk');
    expect(saveButton()).toBeEnabled();
    expect(saveButton()).toHaveAccessibleDescription('You have unsaved changes');
    expect(screen.getByText('You have unsaved changes', { selector: 'p' })).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT' && call.path === '/api/connections/conn-1');
    expect((put?.body as { settings: { widgetTitle: string } }).settings.widgetTitle).toBe('Smile Desk');
    // Saved settings differ from the live ones: the server marks a redeploy.
    expect(await screen.findByRole('button', { name: /Redeploy Required/ })).toBeEnabled();
    expect(saveButton()).toBeDisabled();
  });

  it('is read-only for viewers: Save disabled with "Viewers cannot save changes"', async () => {
    handlers();
    renderConnect('/sa-2/website-widget');
    const title = await screen.findByRole('textbox', { name: 'Widget title' }, { timeout: 5000 });
    expect(title).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('Viewers cannot save changes');
    expect(await screen.findByText('No builds available. Please create a build first.')).toBeInTheDocument();
  });

  it('applies width and height: non-numbers keep the value, numbers clamp', async () => {
    const calls = handlers();
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    const width = await screen.findByRole('textbox', { name: 'Width' }, { timeout: 5000 });
    const height = screen.getByRole('textbox', { name: 'Height' });
    expect(screen.getByText('Width: 300-600px • Height: 300-700px')).toBeInTheDocument();
    await user.clear(width);
    await user.type(width, 'wide');
    await user.clear(height);
    await user.type(height, '9000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(width).toHaveValue('400');
    expect(height).toHaveValue('700');
    expect(saveButton()).toBeDisabled();

    await user.clear(width);
    await user.type(width, '250');
    await user.clear(height);
    await user.type(height, '520');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(width).toHaveValue('300');
    expect(height).toHaveValue('520');
    await user.click(saveButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ settings: { width: 300, height: 520 } });
  });

  it('clamps the popup delay to 1-500 on blur (invalid becomes 1)', async () => {
    handlers();
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    const delay = await screen.findByRole('textbox', { name: 'Delay (seconds)' }, { timeout: 5000 });
    await user.clear(delay);
    await user.type(delay, '9999');
    await user.tab();
    expect(delay).toHaveValue('500');
    await user.clear(delay);
    await user.type(delay, 'soon');
    await user.tab();
    expect(delay).toHaveValue('1');
    await user.clear(delay);
    await user.type(delay, '12');
    await user.tab();
    expect(delay).toHaveValue('12');
  });

  it('accepts a logo only when the image loads, then the logo dialog applies a keyboard-nudged position', async () => {
    const calls = handlers();
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    const logo = await screen.findByLabelText('Logo URL', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Adjust logo' })).not.toBeInTheDocument();

    await user.type(logo, 'https://cdn.test/broken.png');
    await user.tab();
    expect(await screen.findByText('Invalid image URL. Please enter a valid image URL.')).toBeInTheDocument();

    await user.clear(logo);
    await user.type(logo, 'https://cdn.test/good-logo.png');
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'Adjust logo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Logo Position & Scale' });
    expect(within(dialog).getByText('1.00x')).toBeInTheDocument();
    expect(within(dialog).getByText('This is how your logo will appear as chat avatar')).toBeInTheDocument();
    const draggable = within(dialog).getByRole('button', { name: /^Logo at X 50%, Y 50%/ });
    draggable.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(within(dialog).getByRole('button', { name: /^Logo at X 53%, Y 49%/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('tab', { name: /Chat Avatar/ })).toHaveAccessibleName('Chat Avatar, applied');

    await user.click(within(dialog).getByRole('tab', { name: 'Widget Header' }));
    expect(within(dialog).getByText('This is how your logo will appear in widget header')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Logo at X 50%, Y 50%/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(saveButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      settings: {
        logoUrl: 'https://cdn.test/good-logo.png',
        avatarLogoCropPosition: { x: 53, y: 49 },
        logoCropPosition: { x: 53, y: 49 },
        widgetLogoCropPosition: { x: 50, y: 50 },
      },
    });
  });

  it('updates the build at once and says so', async () => {
    const calls = handlers();
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    const select = await screen.findByRole('combobox', { name: 'Choose Build' }, { timeout: 5000 });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /Dental Receptionist/ }));
    expect(await screen.findByText('Build updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/connections/conn-1/update-build')?.body).toEqual({
      buildId: 'agent-1',
    });
  });

  it('offers Create widget when the account has none', async () => {
    const created = buildConnection({ connectionId: 'conn-9' });
    let list: unknown[] = [];
    const calls = handlers({
      'GET /api/subaccounts/sa-1/connections': () => ({ body: { connections: list } }),
      'POST /api/subaccounts/sa-1/connections': () => {
        list = [created];
        return { status: 201, body: created };
      },
      'GET /api/connections/conn-9': { body: created },
    });
    const user = userEvent.setup();
    renderConnect('/sa-1/website-widget');
    await user.click(await screen.findByRole('button', { name: 'Create widget' }, { timeout: 5000 }));
    expect(await screen.findByRole('textbox', { name: 'Widget title' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ type: 'website-widget' });
  });

  it('holds a navigation while changes are unsaved, and Next saves before the Install step', async () => {
    const calls = handlers();
    const user = userEvent.setup();
    const { router } = renderConnect('/sa-1/website-widget');
    const title = await screen.findByRole('textbox', { name: 'Widget title' }, { timeout: 5000 });
    await user.type(title, ' Pro');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Account navigation' })).getByRole('link', { name: 'Dashboard' }),
    );
    const guard = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(guard).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/sa-1/website-widget');

    await user.click(within(screen.getByRole('navigation', { name: 'Wizard' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Copy script tag' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      settings: { widgetTitle: 'Chat Widget Pro' },
    });
    expect(
      screen.getByText(
        `<script src="${window.location.origin}/widget/widget-1/widget-professional.js?widgetId=widget-1" async></script>`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the 404 page for a sub account the user is not a member of', async () => {
    handlers();
    renderConnect('/someone-else/website-widget');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
