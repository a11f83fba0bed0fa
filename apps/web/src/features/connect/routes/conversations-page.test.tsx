import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderConnect, signedInUser, stubBrowserApis } from '@/test/workspace-test-harness';
import { buildConnection } from '../test/connect-fixtures';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const conversation = (overrides: Record<string, unknown>) => ({
  threadId: 't1',
  lastMessage: 'Hello',
  lastMessageTime: minutesAgo(1),
  totalMessages: 2,
  customerNumber: 1,
  contactName: null,
  contactEmail: null,
  unreadCount: 0,
  status: 'live',
  ...overrides,
});

const base = {
  'GET /api/me': { body: signedInUser },
  'GET /api/subaccounts/sa-1/theme': { body: { isDarkMode: true, theme: 'dark', primaryColor: '#43c0b8' } },
  // The page asks for widgets and for blocks; this account has one widget and no block.
  'GET /api/subaccounts/sa-1/connections': ({ query }: { query: URLSearchParams }) => ({
    body: { connections: query.get('type') === 'website-block' ? [] : [buildConnection()] },
  }),
};

describe('/:connectId/dashboard (conversations page): live conversations', { timeout: 20_000 }, () => {
  it('lists conversations newest first, Anonymous or the identified name, and opens a transcript', async () => {
    mockApi({
      ...base,
      'GET /api/connections/conn-1/conversations': {
        body: {
          conversations: [
            conversation({
              threadId: 'old',
              lastMessage: 'Do you open on Sundays?',
              lastMessageTime: minutesAgo(180),
              customerNumber: 3,
              status: 'closed',
            }),
            conversation({
              threadId: 'new',
              lastMessage: 'I want to book',
              lastMessageTime: minutesAgo(5),
              customerNumber: 7,
              contactName: 'Grace Hopper',
              unreadCount: 2,
              totalMessages: 4,
            }),
          ],
        },
      },
      'GET /api/connections/conn-1/conversations/new': {
        body: {
          conversation: conversation({
            threadId: 'new',
            customerNumber: 7,
            contactName: 'Grace Hopper',
            contactEmail: 'grace@navy.test',
          }),
          messages: [
            { id: 'm1', role: 'assistant', content: 'Hello! How can I help you today?', createdAt: minutesAgo(6) },
            { id: 'm2', role: 'user', content: 'I want to book', createdAt: minutesAgo(5) },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderConnect('/sa-1/dashboard');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('Grace Hopper');
    expect(rows[0]).toHaveTextContent('#7');
    expect(rows[0]).toHaveTextContent('5m ago');
    expect(rows[0]).toHaveTextContent('4 messages');
    expect(within(rows[0]!).getByLabelText('2 unread')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Anonymous');
    expect(rows[1]).toHaveTextContent('3h ago');

    await user.click(rows[0]!);
    const transcript = await screen.findByRole('log', { name: 'Transcript' });
    expect(within(transcript).getByText('I want to book')).toBeInTheDocument();
    expect(within(transcript).getByText('Hello! How can I help you today?')).toBeInTheDocument();
    expect(screen.getByText(/grace@navy.test/)).toBeInTheDocument();
  });

  it('says so when there are no conversations yet, and when loading fails', async () => {
    mockApi({ ...base, 'GET /api/connections/conn-1/conversations': { body: { conversations: [] } } });
    renderConnect('/sa-1/dashboard');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockApi({
      ...base,
      'GET /api/connections/conn-1/conversations': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Boom', support_id: 'x' } },
      },
    });
    renderConnect('/sa-1/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Failed to load conversations' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
