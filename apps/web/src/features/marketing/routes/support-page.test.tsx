import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supportMessages } from '@agentry/core/support';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWorkspace, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { stubRadixSelectApis } from '@/test/stub-radix-select-apis';

beforeEach(() => {
  stubBrowserApis();
  stubRadixSelectApis();
});

const signedOut = {
  status: 401,
  body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' } },
};

/** Fills the form (the e-mail field replaced by `email`) and sends it. */
async function sendRequest(user: ReturnType<typeof userEvent.setup>, email: string) {
  const name = await screen.findByRole('textbox', { name: 'Your name' });
  await user.clear(name);
  await user.type(name, 'Grace Hopper');
  const emailField = screen.getByRole('textbox', { name: 'Email' });
  await user.clear(emailField);
  await user.type(emailField, email);
  await user.click(screen.getByRole('combobox', { name: 'Topic' }));
  await user.click(await screen.findByRole('option', { name: 'Demos' }));
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The demo page shows a blank screen on my phone.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeInTheDocument();
}

// docs/product/support-and-guides.md: a receipt goes only to a signed-in sender, at their account's address.
describe('Support Center: the sent screen', { timeout: 20_000 }, () => {
  it('promises no copy to a signed-out sender and says where the answer goes', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'POST /api/support': { status: 202, body: { message: supportMessages.sent } },
    });
    const user = userEvent.setup();
    renderWorkspace('/support');
    await sendRequest(user, 'visitor@example.test');

    expect(screen.queryByText(/A copy is on its way/)).not.toBeInTheDocument();
    expect(screen.getByText(/visitor@example\.test/)).toBeInTheDocument();
  });

  it("names the account's address for the copy, not the address typed into the form", async () => {
    mockApi({
      'GET /api/me': { body: { ...signedInUser, user: { ...signedInUser.user, email: 'a@x.test' } } },
      'GET /api/subaccounts/sa-1/agents': { body: { agents: [] } },
      'POST /api/support': { status: 202, body: { message: supportMessages.sent } },
    });
    const user = userEvent.setup();
    renderWorkspace('/support');
    await sendRequest(user, 'b@y.test');

    expect(screen.getByText('A copy is on its way to a@x.test.')).toBeInTheDocument();
    expect(screen.queryByText(/A copy is on its way to b@y\.test/)).not.toBeInTheDocument();
  });
});
