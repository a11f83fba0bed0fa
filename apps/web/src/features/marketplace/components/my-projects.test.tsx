import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketplaceProject } from '@agentry/core/marketplace';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, mockApi, renderWithProviders, stubLayoutApis, type ApiCall } from '../test/marketplace-test-kit';
import { MyProjects } from './my-projects';

function renderMine(projects: MarketplaceProject[]) {
  let current = projects;
  const calls = mockApi({
    'GET /api/marketplace/my-projects': () => ({ body: { projects: current } }),
    'PATCH /api/marketplace/projects/p1': (call: ApiCall) => {
      const updated = { ...current[0], ...(call.body as object) } as MarketplaceProject;
      if ((call.body as { priceValue?: number }).priceValue !== undefined)
        updated.price = `$${String(updated.priceValue)} a month`;
      current = [updated];
      return { body: updated };
    },
    'DELETE /api/marketplace/projects/p1': () => {
      current = [];
      return { status: 204 };
    },
  });
  const onPostProject = vi.fn();
  renderWithProviders(<MyProjects onPostProject={onPostProject} />);
  return { calls, onPostProject };
}

const mine = () => makeProject({ isOwner: true, replyCount: 3, email: 'ada@agency.test' });

describe('MyProjects', () => {
  beforeEach(() => stubLayoutApis());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the author’s projects with status and replies, and closes and reopens one', async () => {
    const user = userEvent.setup();
    const { calls } = renderMine([mine()]);
    const row = (await screen.findByRole('link', { name: 'AI receptionist for a dental clinic' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('3 replies')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Close AI receptionist for a dental clinic' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen AI receptionist for a dental clinic' }));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { status: 'closed' },
      { status: 'live' },
    ]);
  });

  it('edits title, description and budget with the wizard rules, sending only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = renderMine([mine()]);
    await user.click(await screen.findByRole('button', { name: 'Edit AI receptionist for a dental clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    const title = within(dialog).getByRole('textbox', { name: 'Project title' });
    fireEvent.change(title, { target: { value: 'Bot' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Title must be at least 5 characters long.');

    fireEvent.change(title, { target: { value: 'AI receptionist for two dental clinics' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }), { target: { value: '750' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { title: 'AI receptionist for two dental clinics', priceValue: 750 },
    ]);
    expect(await screen.findByRole('link', { name: 'AI receptionist for two dental clinics' })).toBeInTheDocument();
  });

  it("deletes only after typing 'confirm'", async () => {
    const user = userEvent.setup();
    const { calls } = renderMine([mine()]);
    await user.click(await screen.findByRole('button', { name: 'Delete AI receptionist for a dental clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    const remove = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(remove).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'CONFIRM');
    await user.click(remove);
    expect(await screen.findByRole('heading', { name: "You haven't posted a project yet" })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/marketplace/projects/p1',
    ]);
  });

  it('offers to post the first project when there is none', async () => {
    const user = userEvent.setup();
    const { onPostProject } = renderMine([]);
    await user.click(await screen.findByRole('button', { name: 'Post a project' }));
    expect(onPostProject).toHaveBeenCalled();
  });
});
