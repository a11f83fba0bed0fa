import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignInEntryPage } from './sign-in-entry-page';

function Landing() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/signin', element: <SignInEntryPage /> },
      { path: '/', element: <Landing /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('/auth/signin', () => {
  it('opens the sign-in modal on the landing page, keeping a same-site callback', async () => {
    renderAt('/auth/signin?callbackUrl=%2Fdashboard');
    expect(await screen.findByText('/?signin=1&callbackUrl=%2Fdashboard')).toBeInTheDocument();
  });

  it('drops a callback to another site', async () => {
    renderAt('/auth/signin?callbackUrl=https%3A%2F%2Fevil.test');
    expect(await screen.findByText('/?signin=1&callbackUrl=%2Fagents%2Fcreate')).toBeInTheDocument();
  });
});
