/// <reference types="@testing-library/jest-dom/vitest" />
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultWidgetSettings, type WidgetSettings } from '@agentry/core/widget';
import { ChatWidget, type ChatWidgetMessage, type ChatWidgetProps } from './chat-widget';

const greeting: ChatWidgetMessage = {
  id: 'g',
  content: 'Hello! How can I help you today?',
  sender: 'agent',
  timestamp: 1,
};

function renderWidget(overrides: Partial<ChatWidgetProps> = {}, settings: Partial<WidgetSettings> = {}) {
  const props: ChatWidgetProps = {
    settings: { ...defaultWidgetSettings, ...settings },
    mode: 'preview',
    isOpen: true,
    view: 'messages',
    messages: [greeting],
    isPending: false,
    showBubble: false,
    onOpen: vi.fn(),
    onClose: vi.fn(),
    onSend: vi.fn(),
    onSuggestedReply: vi.fn(),
    onNewConversation: vi.fn(),
    onShowHistory: vi.fn(),
    ...overrides,
  };
  return { props, ...render(<ChatWidget {...props} />) };
}

describe('ChatWidget', () => {
  it("website block mode: always open inline, no launcher, bubble or close button, with the block's size and frame", async () => {
    const { props, container } = renderWidget(
      { mode: 'block', isOpen: false, showBubble: true },
      { widgetTitle: 'Ask us', block: { height: 480, fillContainer: false, borderWidth: 2, cornerRadius: 4 } },
    );
    const region = screen.getByRole('region', { name: 'Ask us' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /open chat/i })).toBeNull();
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('aw-mode-block');
    expect(root).not.toHaveClass('aw-block-fill');
    expect(root.style.getPropertyValue('--aw-block-height')).toBe('480px');
    expect(root.style.getPropertyValue('--aw-block-border')).toBe('2px');
    expect(root.style.getPropertyValue('--aw-block-radius')).toBe('4px');
    await userEvent.type(within(region).getByRole('textbox', { name: 'Type your message...' }), '{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('shows suggested replies only while the chat has exactly one message', async () => {
    const { props, rerender } = renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'How does it work?' }));
    expect(props.onSuggestedReply).toHaveBeenCalledWith('How does it work?');
    rerender(<ChatWidget {...props} messages={[greeting, { id: 'u', content: 'hi', sender: 'user', timestamp: 2 }]} />);
    expect(screen.queryByRole('button', { name: 'How does it work?' })).toBeNull();
  });

  it('disables send while blank or pending; Enter sends, Shift+Enter adds a line', async () => {
    const { props, rerender } = renderWidget();
    const send = screen.getByRole('button', { name: 'Send message' });
    const input = screen.getByRole('textbox', { name: 'Type your message...' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'first{Shift>}{Enter}{/Shift}second');
    expect(input).toHaveValue('first\nsecond');
    expect(props.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('first\nsecond');
    expect(input).toHaveValue('');

    rerender(
      <ChatWidget
        {...props}
        isPending
        messages={[greeting, { id: 'u', content: 'q', sender: 'user', timestamp: 2 }]}
      />,
    );
    await userEvent.type(input, 'more{Enter}');
    expect(props.onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('AI Assistant typing...');
  });

  it('announces messages through a polite live region and renders agent Markdown safely', () => {
    renderWidget({
      messages: [
        greeting,
        { id: 'a', content: '<img src=x onerror=alert(1)> [site](https://example.com)', sender: 'agent', timestamp: 3 },
      ],
    });
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log.querySelector('img')).toBeNull();
    expect(within(log).getByRole('link', { name: 'site' })).toHaveAttribute('target', '_blank');
  });

  it('lays Arabic out right to left with Arabic texts', () => {
    const { container } = renderWidget({}, { language: 'ar' });
    expect(container.querySelector('.aw-root')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'إرسال الرسالة' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'اكتب رسالتك...' })).toBeInTheDocument();
  });

  it('gives every button an accessible name', () => {
    const { container } = renderWidget({ history: [] });
    for (const button of container.querySelectorAll('button')) {
      expect(button.getAttribute('aria-label') ?? button.textContent?.trim()).toBeTruthy();
    }
  });

  it('opens the menu, offers both entries and closes on Escape', async () => {
    const { props } = renderWidget();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['New Conversation', 'Previous Conversations']);
    expect(within(menu).getByRole('menuitem', { name: 'New Conversation' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton).toHaveFocus();
    expect(props.onClose).not.toHaveBeenCalled();
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Previous Conversations' }));
    expect(props.onShowHistory).toHaveBeenCalled();
  });

  it('reaches the chat list from the menu when the caller offers it', async () => {
    const onShowChats = vi.fn();
    renderWidget({ onShowChats });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['New Conversation', 'Previous Conversations', 'Chats']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Chats' }));
    expect(onShowChats).toHaveBeenCalled();
  });

  it("shows each message's time of day, in the widget's language", () => {
    const at = new Date(2026, 0, 1, 14, 5).getTime();
    renderWidget({
      messages: [
        { ...greeting, timestamp: at },
        { id: 'u', content: 'hi', sender: 'user', timestamp: at },
      ],
    });
    const times = screen.getByRole('log').querySelectorAll('time');
    expect([...times].map((time) => time.textContent)).toEqual(['2:05 PM', '2:05 PM']);
    expect(times[0]?.getAttribute('datetime')).toBe(new Date(at).toISOString());
  });

  it("says the AI name before the default typing text, and a creator's own typing text alone", () => {
    const pending = {
      isPending: true,
      messages: [greeting, { id: 'u', content: 'hi', sender: 'user' as const, timestamp: 2 }],
    };
    const { unmount } = renderWidget(pending, { aiName: 'Smile Desk' });
    expect(screen.getByRole('status')).toHaveTextContent('Smile Desk typing...');
    unmount();
    renderWidget(pending, { aiName: 'Smile Desk', typingIndicator: 'Our team is writing back...' });
    expect(screen.getByRole('status')).toHaveTextContent(/^Our team is writing back\.\.\.$/);
  });

  it('shows the empty history texts and the entries with badges, counts and delete', async () => {
    const onDeleteHistory = vi.fn();
    const now = Date.UTC(2026, 0, 1, 12);
    const { rerender, props } = renderWidget({ view: 'history', history: [], onShowMessages: vi.fn() });
    expect(screen.getByText('No previous conversations')).toBeInTheDocument();
    expect(screen.getByText('Start a conversation and it will be saved locally')).toBeInTheDocument();
    // Where this browser keeps nothing itself, it does not promise a local copy.
    rerender(<ChatWidget {...props} isHistoryKeptLocally={false} />);
    expect(screen.queryByText(/saved locally/)).toBeNull();
    expect(screen.getByText('Start a conversation and it will appear here')).toBeInTheDocument();
    rerender(
      <ChatWidget
        {...props}
        now={now}
        onDeleteHistory={onDeleteHistory}
        history={[
          {
            id: 'h1',
            timestamp: now - 5 * 60_000,
            lastMessage: 'What are the pricing plans for a team of five people...',
            messageCount: 4,
            hasUnread: true,
          },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Previous Conversations' });
    expect(within(list).getByText('5m')).toBeInTheDocument();
    expect(within(list).getByText(/4 messages/)).toBeInTheDocument();
    expect(within(list).getByText('What are the pricing plans for a team of five...')).toBeInTheDocument();
    expect(within(list).getByText('1 unread')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete conversation' }));
    expect(onDeleteHistory).toHaveBeenCalledWith('h1');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(props.onShowMessages).toHaveBeenCalled();
  });

  it('offers delete in the chat list only when more than one chat exists', () => {
    const chat = { id: 'c1', title: 'Chat Widget', lastMessage: 'hello', unreadCount: 2 };
    const { rerender, props } = renderWidget({ view: 'chats', chats: [chat], onDeleteChat: vi.fn() });
    expect(screen.getByLabelText('2 unread')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete conversation' })).toBeNull();
    rerender(<ChatWidget {...props} chats={[chat, { ...chat, id: 'c2', unreadCount: 0 }]} />);
    expect(screen.getAllByRole('button', { name: 'Delete conversation' })).toHaveLength(2);
  });

  it('shows the launcher and the bubble with its own close button while closed', async () => {
    function Harness() {
      const [isOpen, setIsOpen] = useState(false);
      const [showBubble, setShowBubble] = useState(true);
      return (
        <ChatWidget
          settings={defaultWidgetSettings}
          mode="preview"
          isOpen={isOpen}
          view="messages"
          messages={[greeting]}
          isPending={false}
          showBubble={showBubble && !isOpen}
          onOpen={() => setIsOpen(true)}
          onClose={() => setIsOpen(false)}
          onDismissBubble={() => setShowBubble(false)}
          onSend={vi.fn()}
          onSuggestedReply={vi.fn()}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByText('Hi there! Need any help?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Hi there! Need any help?')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByRole('dialog', { name: 'Chat Widget' })).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });
});
