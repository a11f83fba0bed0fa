/// <reference types="@testing-library/jest-dom/vitest" />
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultWidgetSettings, type WidgetSettings } from '@agentry/core/widget';
import { WidgetPreview } from './widget-preview';

const settings = (overrides: Partial<WidgetSettings> = {}): WidgetSettings => ({
  ...defaultWidgetSettings,
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('WidgetPreview', () => {
  it('toggles between the launcher and the window; close minimizes', async () => {
    render(<WidgetPreview settings={settings()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByText('Hello! How can I help you today?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('shows the bubble only while minimized, enabled and not dismissed, and resets it when its settings change', async () => {
    const { rerender } = render(<WidgetPreview settings={settings()} />);
    expect(screen.getByText('Hi there! Need any help?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Hi there! Need any help?')).toBeNull();
    rerender(
      <WidgetPreview
        settings={settings({ chatBubble: { enabled: true, message: 'Questions? Ask us!', delaySeconds: 0 } })}
      />,
    );
    expect(screen.getByText('Questions? Ask us!')).toBeInTheDocument();
    rerender(
      <WidgetPreview
        settings={settings({ chatBubble: { enabled: false, message: 'Questions? Ask us!', delaySeconds: 0 } })}
      />,
    );
    expect(screen.queryByText('Questions? Ask us!')).toBeNull();
    rerender(<WidgetPreview settings={settings()} />);
    expect(screen.getByText('Hi there! Need any help?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.queryByText('Hi there! Need any help?')).toBeNull();
  });

  it('sends the history without the greeting and shows the answer', async () => {
    const onSend = vi.fn((text: string) => Promise.resolve(`Echo: ${text}`));
    render(<WidgetPreview settings={settings()} initiallyOpen onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox'), 'First{Enter}');
    expect(await screen.findByText('Echo: First')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), 'Second{Enter}');
    expect(await screen.findByText('Echo: Second')).toBeInTheDocument();
    expect(onSend).toHaveBeenNthCalledWith(1, 'First', [], expect.any(String));
    expect(onSend).toHaveBeenNthCalledWith(
      2,
      'Second',
      [
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Echo: First' },
      ],
      expect.any(String),
    );
  });

  it('shows the documented error bubble when the answer fails', async () => {
    render(
      <WidgetPreview
        settings={settings()}
        initiallyOpen
        onSend={() => Promise.reject(new Error('API request failed with status: 500'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'What is your product?' }));
    expect(
      await screen.findByText("Sorry, I'm having trouble connecting. (Error: API request failed with status: 500)"),
    ).toBeInTheDocument();
  });

  it('ends a closed conversation with its notice once and disables the input', async () => {
    const notice = 'Demo usage limit reached. Please contact the demo creator for a new link.';
    const onSend = vi.fn(() => Promise.resolve(notice));
    const { rerender } = render(<WidgetPreview settings={settings()} onSend={onSend} initiallyOpen />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Type your message...' }), 'Hi{Enter}');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    rerender(<WidgetPreview settings={settings()} onSend={onSend} initiallyOpen closedNotice={notice} />);
    expect(screen.getAllByText(notice)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Type your message...' })).toBeDisabled();
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('takes a launcher diameter and sizes the header logo by the logo width', async () => {
    const logo = { logoUrl: 'https://example.com/logo.png' };
    const { rerender } = render(<WidgetPreview settings={settings(logo)} launcherPixels={56} />);
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveStyle({ width: '56px', height: '56px' });
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const headerLogo = () => document.querySelector<HTMLElement>('.aw-header-logo');
    expect(headerLogo()).toHaveStyle({ width: '36px' });
    rerender(<WidgetPreview settings={settings({ ...logo, logoWidth: 60 })} launcherPixels={56} />);
    expect(headerLogo()).toHaveStyle({ width: '22px' });
    rerender(<WidgetPreview settings={settings({ ...logo, logoWidth: 300 })} launcherPixels={56} />);
    expect(headerLogo()).toHaveStyle({ width: '48px' });
  });

  it('says so when the answer is empty', async () => {
    render(<WidgetPreview settings={settings()} initiallyOpen onSend={() => Promise.resolve('  ')} />);
    await userEvent.type(screen.getByRole('textbox'), 'Hello{Enter}');
    expect(await screen.findByText('AI assistant returned an empty response. Please try again.')).toBeInTheDocument();
  });

  it('answers with a simulated reply after one second when no onSend is given', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<WidgetPreview settings={settings({ showFirstMessage: false })} initiallyOpen />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox'), 'Hello{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('typing...');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByText(/preview reply/)).toHaveLength(1);
  });

  it('archives on New Conversation and reopens from Previous Conversations', async () => {
    render(<WidgetPreview settings={settings()} initiallyOpen onSend={(text) => Promise.resolve(`Re ${text}`)} />);
    await userEvent.type(screen.getByRole('textbox'), 'Keep me{Enter}');
    await screen.findByText('Re Keep me');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'New Conversation' }));
    expect(screen.queryByText('Keep me')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Previous Conversations' }));
    await userEvent.click(screen.getByRole('button', { name: /Re Keep me/ }));
    expect(screen.getByText('Keep me')).toBeInTheDocument();
  });

  it('names the conversation each message belongs to: a new one after New Conversation, the same when reopened', async () => {
    const onSend = vi.fn((text: string, _history: unknown, _conversationId?: string) => Promise.resolve(`Re ${text}`));
    render(<WidgetPreview settings={settings()} initiallyOpen onSend={onSend} />);
    const conversationOf = (call: number) => onSend.mock.calls[call]?.[2];
    await userEvent.type(screen.getByRole('textbox'), 'One{Enter}');
    await screen.findByText('Re One');
    await userEvent.type(screen.getByRole('textbox'), 'Two{Enter}');
    await screen.findByText('Re Two');
    expect(conversationOf(0)).toEqual(expect.any(String));
    expect(conversationOf(1)).toBe(conversationOf(0));

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'New Conversation' }));
    await userEvent.type(screen.getByRole('textbox'), 'Three{Enter}');
    await screen.findByText('Re Three');
    expect(conversationOf(2)).toEqual(expect.any(String));
    expect(conversationOf(2)).not.toBe(conversationOf(0));

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Previous Conversations' }));
    await userEvent.click(screen.getByRole('button', { name: /Re Two/ }));
    await userEvent.type(screen.getByRole('textbox'), 'Four{Enter}');
    await screen.findByText('Re Four');
    expect(conversationOf(3)).toBe(conversationOf(0));
  });
});
