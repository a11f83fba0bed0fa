import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { onUpgradeDialogRequested } from '@/lib/upgrade-events';
import {
  makeProject,
  mockApi,
  renderWithProviders,
  signedInMe,
  stubLayoutApis,
  type Handler,
  type Reply,
} from '../test/marketplace-test-kit';
import { ProjectPage } from './project-page';

const signedOut: Reply = { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } } };

function renderProject(
  options: { isSignedIn?: boolean; hasMarketplace?: boolean; api?: Record<string, Reply | Handler> } = {},
) {
  const calls = mockApi({
    'GET /api/me': options.isSignedIn === false ? signedOut : { body: signedInMe },
    'GET /api/billing/capabilities': {
      body: {
        capabilities: { features: { marketplace: options.hasMarketplace ?? true } },
        planFamily: null,
        tierCode: null,
      },
    },
    'GET /api/marketplace/projects/p1': { body: makeProject() },
    ...options.api,
  });
  renderWithProviders(<ProjectPage />, { path: '/marketplace/projects/:id', initialEntry: '/marketplace/projects/p1' });
  return calls;
}

describe('ProjectPage', () => {
  beforeEach(() => stubLayoutApis());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the project and sends a reply', async () => {
    const user = userEvent.setup();
    const calls = renderProject({
      api: {
        'POST /api/marketplace/projects/p1/replies': {
          status: 201,
          body: {
            id: 'r1',
            projectId: 'p1',
            message: 'Hi',
            authorName: 'Ada',
            authorEmail: 'ada@agency.test',
            createdAt: new Date().toISOString(),
          },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'AI receptionist for a dental clinic' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$500 a month')).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message');
    fireEvent.change(box, { target: { value: '  We built three of these for clinics.  ' } });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      message: 'We built three of these for clinics.',
    });
  });

  it('shows the author the replies instead of a message box', async () => {
    renderProject({
      api: {
        'GET /api/marketplace/projects/p1': { body: makeProject({ isOwner: true, replyCount: 1 }) },
        'GET /api/marketplace/projects/p1/replies': {
          body: {
            replies: [
              {
                id: 'r1',
                projectId: 'p1',
                message: 'We can help.',
                authorName: 'Linus',
                authorEmail: 'linus@agency.test',
                createdAt: new Date().toISOString(),
              },
            ],
          },
        },
      },
    });
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('We can help.')).toBeInTheDocument();
    expect(within(replies).getByRole('link', { name: 'linus@agency.test' })).toHaveAttribute(
      'href',
      'mailto:linus@agency.test',
    );
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('asks a free user to upgrade before replying', async () => {
    const user = userEvent.setup();
    const upgrades: unknown[] = [];
    const stop = onUpgradeDialogRequested((request) => upgrades.push(request));
    renderProject({ hasMarketplace: false });
    expect(await screen.findByText('Pick a plan to use this feature')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    stop();
    expect(upgrades).toEqual([{ reason: 'Pick a plan to use this feature', returnUrl: '/marketplace/projects/p1' }]);
  });

  it('asks a signed-out visitor to sign in to reply, returning to the project', async () => {
    const user = userEvent.setup();
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    renderProject({ isSignedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Sign in to reply' }));
    stop();
    expect(requests).toEqual([{ reason: 'user', callbackUrl: '/marketplace/projects/p1' }]);
  });

  it('says when the project does not exist', async () => {
    renderProject({
      api: {
        'GET /api/marketplace/projects/p1': {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Project not found' } },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });
});
