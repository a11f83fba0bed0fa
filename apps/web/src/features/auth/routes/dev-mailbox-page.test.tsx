import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevMailboxPage } from './dev-mailbox-page';

const message = {
  id: 'm1',
  to: 'jane@example.com',
  subject: 'Sign in to Agentry',
  text: 'Click the link to sign in.',
  link: 'http://localhost:3000/api/auth/magic-link/verify?token=abc',
  createdAt: '2026-11-22T10:00:00.000Z',
};

function stubMailbox(reply: { status: number; body: unknown }) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(path = '/dev/mailbox') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dev/mailbox', element: <DevMailboxPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('DevMailboxPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is labelled as a development tool and lists messages with their sign-in link', async () => {
    stubMailbox({ status: 200, body: { messages: [message] } });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Dev Mailbox' })).toBeInTheDocument();
    expect(screen.getByText('Development tool')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in to Agentry' })).toBeInTheDocument();
    expect(screen.getByText('To jane@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open sign-in link' })).toHaveAttribute('href', message.link);
  });

  it("shows 'No messages yet' for an empty mailbox", async () => {
    stubMailbox({ status: 200, body: { messages: [] } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
  });

  it('says honestly when the server has no dev mailbox', async () => {
    const fetchMock = stubMailbox({ status: 404, body: { error: { code: 'ROUTE_NOT_FOUND', message: 'Not found' } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The dev mailbox is off' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains a refusal from another machine once, instead of polling an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubMailbox({
      status: 403,
      body: {
        error: {
          code: 'LOOPBACK_ONLY',
          message: 'This developer tool only answers requests from the computer the server runs on.',
        },
      },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "The dev mailbox answers only on the server's machine" }),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('filters by the address from the URL and the filter field', async () => {
    const fetchMock = stubMailbox({ status: 200, body: { messages: [] } });
    renderPage('/dev/mailbox?email=jane%40example.com');

    expect(screen.getByRole('textbox', { name: 'Filter by recipient' })).toHaveValue('jane@example.com');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/dev/mailbox?email=jane%40example.com', expect.anything()),
    );

    const filter = screen.getByRole('textbox', { name: 'Filter by recipient' });
    await userEvent.setup().clear(filter);
    await waitFor(() => expect(fetchMock).toHaveBeenLastCalledWith('/api/dev/mailbox', expect.anything()));
  });

  it('refreshes every 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubMailbox({ status: 200, body: { messages: [] } });
    renderPage();
    await screen.findByRole('heading', { name: 'No messages yet' });
    const callsBefore = fetchMock.mock.calls.length;

    await vi.advanceTimersByTimeAsync(3_000);

    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(callsBefore));
  });
});
