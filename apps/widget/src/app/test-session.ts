import type { WidgetSession } from './widget-session';

/** A stored widget session for tests: widget w1, one open chat, last active at `lastActivity`. */
export function testSession(lastActivity: number, overrides: Partial<WidgetSession> = {}): WidgetSession {
  return {
    version: 1,
    widgetId: 'w1',
    contactIdentifier: 'visitor-1',
    openAIThreadId: 't1',
    dbThreadId: 'd1',
    activeChat: {
      id: 'chat-1',
      messages: [{ id: 'm1', content: 'Hello', sender: 'agent', timestamp: 1 }],
      lastActivity,
    },
    isOpen: true,
    showMessages: true,
    showChatList: false,
    scrollPosition: 0,
    widgetTitle: 'Chat Widget',
    aiName: 'AI Assistant',
    sessionStarted: lastActivity,
    lastUpdated: lastActivity,
    ...overrides,
  };
}
