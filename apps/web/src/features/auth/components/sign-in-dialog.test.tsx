import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, ErrorDialogHost } from '@/components/error-dialog';
import { requestSignIn } from '@/lib/sign-in-events';
import { SignInDialog } from './sign-in-dialog';

type Reply = { status: number; body?: unknown } | Error | (() => Promise<Response>);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const UNKNOWN_ADDRESS = { exists: false, hasAccess: false, needsVerification: false };

/**
 * A fetch stub answering by path (sign-in methods: e-mail and Google unless given; the two
 * lookups: what a signed-out caller always gets, an unknown address without invitation);
 * unknown paths fail the test loudly.
 */
function stubFetch(replies: Record<string, Reply>) {
  const withMethods: Record<string, Reply> = {
    '/api/auth/methods': { status: 200, body: { email: true, google: true } },
    '/api/auth/check-user': { status: 200, body: UNKNOWN_ADDRESS },
    '/api/auth/check-linked-access': { status: 200, body: { hasLinkedAccess: false } },
    ...replies,
  };
  const fetchMock = vi.fn((input: string, _init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    const reply = withMethods[path];
    if (!reply) return Promise.reject(new Error(`Unexpected fetch ${path}`));
    if (reply instanceof Error) return Promise.reject(reply);
    if (typeof reply === 'function') return reply();
    return Promise.resolve(json(reply.status, reply.body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths called, in order, without the sign-in methods read. */
function pathsCalled(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([input]) => input).filter((input) => input !== '/api/auth/methods');
}

function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => input.startsWith(path))
    .map(([, init]) => JSON.parse(init?.body as string));
}

function renderDialog(initialEntry = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SignInDialog />
            <ErrorDialogHost />
          </>
        ),
      },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

async function openDialog(request: Parameters<typeof requestSignIn>[0] = {}) {
  act(() => requestSignIn(request));
  return screen.findByRole('dialog', { name: 'Welcome Back' });
}

// jsdom has no ResizeObserver; Radix measures the checkbox with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('SignInDialog', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    act(() => closeErrorDialog());
    vi.unstubAllGlobals();
  });

  it('shows the documented texts when opened by the sign-in event', async () => {
    stubFetch({});
    renderDialog();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openDialog();

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('placeholder', 'you@company.com');
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(
      screen.getByRole('checkbox', {
        name: 'Keep me in the loop with occasional emails on early access, AI tips, and exclusive offers',
      }),
    ).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('requires an email and makes no call without one', async () => {
    const fetchMock = stubFetch({});
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/auth/pre-register')).toEqual([]);
  });

  it('a new address: looks it up, pre-registers the trimmed, lower-cased email, then sends the magic link', async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': { status: 200, body: { status: true } },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  Jane.Doe@Example.COM ');
    await user.click(screen.getByRole('checkbox', { name: /Keep me in the loop/ }));
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('jane.doe@example.com')).toBeInTheDocument();
    expect(screen.getByText('The link creates your account and signs you in.')).toBeInTheDocument();
    expect(pathsCalled(fetchMock)).toEqual([
      '/api/auth/check-user?email=jane.doe%40example.com',
      '/api/auth/check-linked-access?email=jane.doe%40example.com',
      '/api/auth/pre-register',
      '/api/auth/sign-in/magic-link',
    ]);
    expect(callsTo(fetchMock, '/api/auth/pre-register')).toEqual([
      { email: 'jane.doe@example.com', emailconsent: true },
    ]);
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')).toEqual([
      { email: 'jane.doe@example.com', callbackURL: '/agents/create' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('disables the button and shows progress while sending', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch({
      '/api/auth/pre-register': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/pre-register')).toHaveLength(1));
    release(json(500, { error: 'Mailbox unavailable' }));
    expect(await errorDialogMessage()).toBe('Mailbox unavailable');
    act(() => closeErrorDialog());
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeEnabled();
  });

  it('an existing user needing verification gets a new link without pre-registration', async () => {
    const fetchMock = stubFetch({
      '/api/auth/check-user': { status: 200, body: { exists: true, hasAccess: false, needsVerification: true } },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog({ callbackUrl: '/usage' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pending@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText('This address is not confirmed yet: the link confirms it and signs you in.'),
    ).toBeInTheDocument();
    expect(pathsCalled(fetchMock)).toEqual([
      '/api/auth/check-user?email=pending%40example.com',
      '/api/auth/sign-in/magic-link',
    ]);
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')).toEqual([
      { email: 'pending@example.com', callbackURL: '/usage' },
    ]);
  });

  it('an existing user without access gets a link that confirms the address, without pre-registration', async () => {
    const fetchMock = stubFetch({
      '/api/auth/check-user': { status: 200, body: { exists: true, hasAccess: false, needsVerification: false } },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await screen.findByText('The link confirms your address and opens your workspace.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/pre-register')).toEqual([]);
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')).toHaveLength(1);
  });

  it('an existing user with access (only ever told to that user, signed in) goes straight to the return address', async () => {
    const fetchMock = stubFetch({
      '/api/auth/check-user': { status: 200, body: { exists: true, hasAccess: true, needsVerification: false } },
    });
    const { router } = renderDialog('/');
    await openDialog({ callbackUrl: '/usage?tab=plans' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Me@Agency.test');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/usage'));
    expect(router.state.location.search).toBe('?tab=plans');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeInTheDocument());
    expect(pathsCalled(fetchMock)).toEqual(['/api/auth/check-user?email=me%40agency.test']);
  });

  it('a new user with a pending invitation is pre-registered, sent the link and told about the invitation', async () => {
    const fetchMock = stubFetch({
      '/api/auth/check-linked-access': { status: 200, body: { hasLinkedAccess: true } },
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'invited@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(
      await screen.findByText(
        'You have been invited to a team: after signing in, accept the invitation from its email.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/pre-register')).toEqual([
      { email: 'invited@example.com', emailconsent: false },
    ]);
  });

  it('a new user in the import flow is pre-registered and told to open the link in this browser', async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog({ reason: 'user', callbackUrl: '/marketplace?fromMarketplace=true', flow: 'import' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'maker@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(
      await screen.findByText(
        'What you started is kept in this browser: open the link here to pick it up where you left off.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')).toEqual([
      { email: 'maker@example.com', callbackURL: '/marketplace?fromMarketplace=true' },
    ]);
  });

  it('failed lookups (e.g. rate-limited) do not block sign-in: the address is treated as new', async () => {
    const fetchMock = stubFetch({
      '/api/auth/check-user': { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many' } } },
      '/api/auth/check-linked-access': new TypeError('Failed to fetch'),
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/pre-register')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /Error Occurred|Rate Limit Exceeded/ })).not.toBeInTheDocument();
  });

  it("shows the server's pre-register error and does not send a link", async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 400, body: { error: 'This email address is blocked.' } },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'blocked@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await errorDialogMessage()).toBe('This email address is blocked.');
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')).toEqual([]);
  });

  it("falls back to 'Failed to pre-register user.' when the server gives no reason", async () => {
    stubFetch({ '/api/auth/pre-register': { status: 500 } });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await errorDialogMessage()).toBe('Failed to pre-register user.');
  });

  it("shows 'An error occurred during sign-in' when the magic link cannot be sent", async () => {
    stubFetch({
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': new TypeError('Failed to fetch'),
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    expect(await errorDialogMessage()).toBe('An error occurred during sign-in');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('uses the callback URL of the request and says when the session expired', async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 200, body: {} },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog();
    await openDialog({ reason: 'expired', callbackUrl: '/demo?tab=2' });
    const user = userEvent.setup();

    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to continue');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    await screen.findByRole('heading', { name: 'Check your email' });
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')[0]).toEqual({
      email: 'jane@example.com',
      callbackURL: '/demo?tab=2',
    });
  });

  it('opens from ?signin=1 with its callbackUrl and removes both from the address', async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 200, body: {} },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    const { router } = renderDialog('/pricing-page?signin=1&callbackUrl=%2Fmarketplace&keep=yes');

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?keep=yes'));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    await screen.findByRole('heading', { name: 'Check your email' });
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')[0]).toMatchObject({ callbackURL: '/marketplace' });
  });

  it('ignores a callbackUrl that points to another site', async () => {
    const fetchMock = stubFetch({
      '/api/auth/pre-register': { status: 200, body: {} },
      '/api/auth/sign-in/magic-link': { status: 200, body: {} },
    });
    renderDialog('/?signin=1&callbackUrl=https%3A%2F%2Fevil.example');
    await screen.findByRole('dialog', { name: 'Welcome Back' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    await screen.findByRole('heading', { name: 'Check your email' });
    expect(callsTo(fetchMock, '/api/auth/sign-in/magic-link')[0]).toMatchObject({ callbackURL: '/agents/create' });
  });

  it('starts Google sign-in and follows the returned url', async () => {
    const fetchMock = stubFetch({
      '/api/auth/sign-in/social': {
        status: 200,
        body: { url: 'https://accounts.google.com/o/oauth2/auth?x=1', redirect: true },
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderDialog();
    await openDialog({ callbackUrl: '/connect' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(callsTo(fetchMock, '/api/auth/sign-in/social')).toEqual([
      { provider: 'google', callbackURL: '/connect', additionalData: { emailconsent: false } },
    ]);
  });

  it('carries the ticked consent box through Google sign-in', async () => {
    const fetchMock = stubFetch({
      '/api/auth/sign-in/social': {
        status: 200,
        body: { url: 'https://accounts.google.com/o/oauth2/auth?x=1', redirect: true },
      },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderDialog();
    await openDialog({ callbackUrl: '/connect' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: /Keep me in the loop/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(callsTo(fetchMock, '/api/auth/sign-in/social')).toEqual([
      { provider: 'google', callbackURL: '/connect', additionalData: { emailconsent: true } },
    ]);
  });

  it('does not offer Google when the server has no Google keys', async () => {
    const fetchMock = stubFetch({ '/api/auth/methods': { status: 200, body: { email: true, google: false } } });
    renderDialog();
    await openDialog();

    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => input === '/api/auth/methods')).toHaveLength(1),
    );
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it("shows the error dialog, not the auth library's raw answer, when sign-in is refused (e.g. 'Invalid origin')", async () => {
    stubFetch({
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': { status: 403, body: { code: 'INVALID_ORIGIN', message: 'Invalid origin' } },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error Occurred' });
    expect(await errorDialogMessage()).toBe('An error occurred during sign-in');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows our server's message and reference in the error dialog", async () => {
    stubFetch({
      '/api/auth/pre-register': { status: 200, body: { ok: true } },
      '/api/auth/sign-in/magic-link': {
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Rate limit exceeded. Too many requests in a short period.',
            support_id: 'a'.repeat(32),
          },
        },
      },
    });
    renderDialog();
    await openDialog();
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Rate Limit Exceeded' });
    expect(within(dialog).getByText('Rate limit exceeded. Too many requests in a short period.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-reference')).toHaveTextContent('A'.repeat(32));
  });

  it('shows a failed Google start in the error dialog', async () => {
    stubFetch({
      '/api/auth/sign-in/social': { status: 404, body: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' } },
    });
    renderDialog();
    await openDialog();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(await errorDialogMessage()).toBe('An error occurred during sign-in');
  });
});

/** The message line of the app's error dialog. */
async function errorDialogMessage() {
  const dialog = await screen.findByRole('dialog', { name: /Error Occurred|Rate Limit Exceeded/ });
  return dialog.querySelector('[id$="-description"], p')?.textContent ?? '';
}
