import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { closeErrorDialog, ErrorDialogHost, showErrorDialog } from './error-dialog';

function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderHost() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <PathProbe />
            <ErrorDialogHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/agents'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const supportId = '0123456789abcdef0123456789abcdef';

afterEach(() => {
  act(() => closeErrorDialog());
});

describe('error dialog', () => {
  it('shows a structured API error with the upper-cased reference and copies the support message', async () => {
    const user = userEvent.setup();
    renderHost();
    act(() =>
      showErrorDialog(
        new ApiError({
          status: 402,
          body: {
            error: {
              code: 'INSUFFICIENT_CREDITS',
              message: 'Insufficient credits. Please add more to continue.',
              support_id: supportId,
            },
          },
          message: 'Insufficient credits. Please add more to continue.',
          kind: 'credits',
        }),
      ),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient Credits' });
    expect(within(dialog).getByText('Insufficient credits. Please add more to continue.')).toBeInTheDocument();
    expect(within(dialog).getByText('Add credits or upgrade your plan.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-reference')).toHaveTextContent('0123456789ABCDEF0123456789ABCDEF');

    await user.click(within(dialog).getByRole('button', { name: 'Copy support message' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      "I'm experiencing an issue: Insufficient credits. Please add more to continue.\nReference Code: 0123456789ABCDEF0123456789ABCDEF",
    );
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy reference code' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('0123456789ABCDEF0123456789ABCDEF');
  });

  it("defaults to 'Error Occurred' and 'An error occurred', with technical details and Retry", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderHost();
    act(() =>
      showErrorDialog(
        { error: { support_id: supportId, code: 'SOMETHING_NEW' } },
        { onRetry, context: 'This happened while saving the template.' },
      ),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Error Occurred' });
    expect(within(dialog).getByText('An error occurred')).toBeInTheDocument();
    expect(within(dialog).getByText('This happened while saving the template.')).toBeInTheDocument();
    const details = within(dialog).getByText('Technical details');
    await user.click(details);
    expect(within(dialog).getByText(/SOMETHING_NEW/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the catalogue action: a missing API key opens /build', async () => {
    const user = userEvent.setup();
    const router = renderHost();
    act(() => showErrorDialog(new Error('No OpenAI API key found for this user')));

    const dialog = await screen.findByRole('dialog', { name: 'API Key Required' });
    expect(within(dialog).getByText('No OpenAI API key found.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add API Key' }));
    expect(router.state.location.pathname).toBe('/build');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies a support message without a reference when there is none', async () => {
    const user = userEvent.setup();
    renderHost();
    act(() =>
      showErrorDialog({ type: 'timeout', message: 'The request timed out.', advice: 'Please try again in a moment.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request Timed Out' });
    expect(within(dialog).queryByTestId('error-reference')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy support message' }));
    await expect(navigator.clipboard.readText()).resolves.toBe("I'm experiencing an issue: The request timed out.");
  });
});
