import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { PRERENDERED_LANDING_ID } from '../prerender/prerendered-landing';
import { LandingPage } from './landing-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const me = {
  user: { id: 'u1', email: 'jane@example.com', name: 'Jane', image: null },
  subaccounts: [],
  activeSubaccountId: null,
};

function renderLanding({ isSignedIn = false, path = '/' } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        isSignedIn
          ? new Response(JSON.stringify(me), { status: 200 })
          : new Response('{"error":"Unauthorized"}', { status: 401 }),
      ),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('LandingPage', () => {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      writable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('has every anchored section', async () => {
    renderLanding();
    await screen.findByRole('button', { name: 'Get started' });
    for (const id of ['integrations', 'pricing', 'faq', 'community'])
      expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('AI prompt software for AI automation agencies', { selector: 'footer p' }),
    ).toBeInTheDocument();
    // The footer's affiliate link goes out to the external sign-up page, in a new tab.
    const affiliate = screen.getByRole('link', { name: /Affiliate Program/ });
    expect(affiliate.getAttribute('href')).toMatch(/^https:\/\//);
    expect(affiliate).toHaveAttribute('target', '_blank');
    expect(affiliate).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers Get started to a visitor, which opens sign-in', async () => {
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    renderLanding();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Get started' }));

    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    stop();
  });

  it('shows a Dashboard button instead of Get started when signed in', async () => {
    renderLanding({ isSignedIn: true });
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/agents');
    expect(screen.queryByRole('button', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('scrolls to pricing for ?scrollToPricing=true and drops the parameter', async () => {
    const { router } = renderLanding({ path: '/?scrollToPricing=true' });
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('pricing'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('drops ?scrollToPricing before scrolling (scroll restoration of the address change would undo it)', async () => {
    const searchWhenScrolled: string[] = [];
    const { router } = renderLanding({ path: '/?scrollToPricing=true' });
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      writable: true,
      value(this: Element) {
        if (this.id === 'pricing') searchWhenScrolled.push(router.state.location.search);
      },
    });
    await waitFor(() => expect(searchWhenScrolled).toHaveLength(1));
    expect(searchWhenScrolled).toEqual(['']);
  });

  it('scrolls to the section in the hash', async () => {
    renderLanding({ path: '/#faq' });
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('faq'));
  });

  it('leaves the scroll alone when it starts over the prerendered copy the browser already scrolled to #faq', async () => {
    const copy = document.createElement('div');
    copy.id = PRERENDERED_LANDING_ID;
    document.body.append(copy);
    renderLanding({ path: '/#faq' });
    await screen.findByRole('button', { name: 'Get started' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrolled.map((element) => element.id)).not.toContain('faq');
    // The live page has replaced the copy.
    expect(document.getElementById(PRERENDERED_LANDING_ID)).toBeNull();
  });

  it('answers FAQ questions in an accordion', async () => {
    renderLanding();
    const user = userEvent.setup();
    const question = screen.getByRole('button', { name: 'How do credits work?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Every plan comes with a monthly credit allowance/)).toBeVisible();
  });
});
