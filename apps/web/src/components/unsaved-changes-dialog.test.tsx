import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

function Editor({ onSave }: { onSave: (value: string) => Promise<void> }) {
  const [saved, setSaved] = useState('');
  const [draft, setDraft] = useState('');
  const guard = useUnsavedChangesGuard({
    isDirty: draft !== saved,
    onSave: async () => {
      await onSave(draft);
      setSaved(draft);
    },
  });
  return (
    <>
      <label>
        Name
        <input value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <Link to="/elsewhere">Go elsewhere</Link>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}

function renderEditor(
  onSave: (value: string) => Promise<void> = () => Promise.resolve(),
  initialEntries = ['/editor'],
) {
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <Editor onSave={onSave} /> },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('unsaved-changes guard', () => {
  it('lets navigation through while nothing changed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });

  it('blocks navigation with its three buttons; Cancel stays, Leave without saving proceeds', async () => {
    const user = userEvent.setup();
    const router = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(within(dialog).getByText('You have unsaved changes. What would you like to do?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Leave without saving' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save & Leave' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/editor');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft');

    // A second attempt is held again.
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });

  it('holds back navigation too', async () => {
    const user = userEvent.setup();
    const router = renderEditor(undefined, ['/elsewhere', '/editor']);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(router.state.location.pathname).toBe('/editor');
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });

  it("saves, shows 'Saving...', then leaves", async () => {
    const user = userEvent.setup();
    let finishSave: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finishSave = resolve)));
    renderEditor(onSave);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });

    await user.click(within(dialog).getByRole('button', { name: 'Save & Leave' }));
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(onSave).toHaveBeenCalledWith('Draft');
    finishSave();
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });

  it('keeps the dialog open and only logs when saving fails', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderEditor(() => Promise.reject(new Error('offline')));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });

    await user.click(within(dialog).getByRole('button', { name: 'Save & Leave' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Unsaved Changes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save & Leave' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/editor');
    log.mockRestore();
  });

  it('warns before the page unloads while changes are unsaved', async () => {
    const user = userEvent.setup();
    renderEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
