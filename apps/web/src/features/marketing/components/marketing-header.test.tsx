import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { MarketingHeader } from './marketing-header';

const me = {
  user: { id: 'u1', email: 'jane@example.com', name: 'Jane', image: null },
  subaccounts: [],
  activeSubaccountId: null,
};

function renderHeader({ isSignedIn, path = '/' }: { isSignedIn: boolean; path?: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        isSignedIn
          ? new Response(JSON.stringify(me), { status: 200 })
          : new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401 }),
      ),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <>
      <MarketingHeader />
      <section id="pricing" tabIndex={-1}>
        Pricing section
      </section>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/terms', element: <MarketingHeader /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('MarketingHeader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links the landing sections', () => {
    renderHeader({ isSignedIn: false });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Integrations', '/#integrations'],
      ['Pricing', '/#pricing'],
      ['FAQ', '/#faq'],
      ['Community', '/#community'],
    ]);
  });

  it('shows Go to Workspace, linking to /agents, when signed in', async () => {
    renderHeader({ isSignedIn: true });
    expect(await screen.findByRole('link', { name: 'Go to Workspace' })).toHaveAttribute('href', '/agents');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows Sign in when signed out, which opens the sign-in dialog', async () => {
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    renderHeader({ isSignedIn: false });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Go to Workspace' })).not.toBeInTheDocument();
    stop();
  });

  it('smooth-scrolls to a section when already on the landing page', async () => {
    // jsdom does not implement scrolling.
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
      writable: true,
    });
    const { router } = renderHeader({ isSignedIn: false });

    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Pricing' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(screen.getByText('Pricing section')).toHaveFocus();
    expect(router.state.location.hash).toBe('');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('navigates to /#section from another page', async () => {
    const { router } = renderHeader({ isSignedIn: false, path: '/terms' });

    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'FAQ' }));

    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('#faq');
  });

  it('has a mobile menu with the same links', async () => {
    renderHeader({ isSignedIn: true });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(within(menu).getByRole('navigation', { name: 'Mobile' })).getAllByRole('link')).toHaveLength(4);
    expect(await within(menu).findByRole('link', { name: 'Go to Workspace' })).toHaveAttribute('href', '/agents');
  });
});
