import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultWidgetSettings } from '@agentry/core/widget';
import { mockApi, stubBrowserApis } from '@/test/workspace-test-harness';
import { LivePreview } from './live-preview';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('the designer Live Preview', { timeout: 20_000 }, () => {
  it('starts a new thread on New Conversation and continues the old one when it is reopened', async () => {
    let turn = 0;
    const calls = mockApi({
      'POST /api/openai/run-prompt': () => {
        turn += 1;
        return { body: { message: `Answer ${turn}`, threadId: `thread-${turn}` } };
      },
    });
    const sent = () =>
      calls.filter((call) => call.path === '/api/openai/run-prompt').map((call) => call.body as { threadId: unknown });
    const user = userEvent.setup();
    const pickFromMenu = async (item: string) => {
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      await user.click(screen.getByRole('menuitem', { name: item }));
    };
    render(<LivePreview settings={defaultWidgetSettings} agentId="agent-1" />);
    const input = () => screen.getByRole('textbox', { name: 'Type your message...' });

    await user.type(input(), 'First{Enter}');
    expect(await screen.findByText('Answer 1')).toBeInTheDocument();
    await user.type(input(), 'Again{Enter}');
    expect(await screen.findByText('Answer 2')).toBeInTheDocument();
    expect(sent().map((body) => body.threadId)).toEqual([null, 'thread-1']);

    await pickFromMenu('New Conversation');
    await user.type(input(), 'Second{Enter}');
    expect(await screen.findByText('Answer 3')).toBeInTheDocument();
    expect(sent()[2]?.threadId).toBeNull();

    await pickFromMenu('Previous Conversations');
    await user.click(screen.getByRole('button', { name: /Answer 2/ }));
    await user.type(input(), 'Back{Enter}');
    expect(await screen.findByText('Answer 4')).toBeInTheDocument();
    expect(sent()[3]?.threadId).toBe('thread-2');
  });
});
