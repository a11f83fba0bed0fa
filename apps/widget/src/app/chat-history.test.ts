import { describe, expect, it } from 'vitest';
import { buildChatHistory } from './chat-history';
import { buildHistoryItems } from './history-items';

describe('buildChatHistory', () => {
  it('leaves out the greeting, error bubbles and empty contents', () => {
    expect(
      buildChatHistory([
        { id: 'greeting-1', content: 'Hello! How can I help you today?', sender: 'agent' },
        { id: 'u1', content: 'Price?', sender: 'user' },
        { id: 'a1', content: 'From $10.', sender: 'agent' },
        { id: 'u2', content: 'Again', sender: 'user' },
        { id: 'e1', content: "Sorry, I'm having trouble connecting.", sender: 'agent', isError: true },
        { id: 'a2', content: '  ', sender: 'agent' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Price?' },
      { role: 'assistant', content: 'From $10.' },
      { role: 'user', content: 'Again' },
    ]);
  });
  it('keeps the newest 50 messages within 32,000 characters', () => {
    const many = Array.from({ length: 70 }, (_, index) => ({
      id: `m${index}`,
      content: `message ${index}`,
      sender: 'user' as const,
    }));
    const history = buildChatHistory(many);
    expect(history).toHaveLength(50);
    expect(history[0]?.content).toBe('message 20');
    const big = Array.from({ length: 5 }, (_, index) => ({
      id: `b${index}`,
      content: `${index}`.repeat(10_000),
      sender: 'agent' as const,
    }));
    expect(buildChatHistory(big).map((entry) => entry.content[0])).toEqual(['2', '3', '4']);
  });
});

describe('buildHistoryItems', () => {
  const saved = [
    {
      id: 's1',
      timestamp: 100,
      lastMessage: 'saved one',
      messageCount: 3,
      messages: [],
      widgetTitle: 'W',
      aiName: 'A',
      openAIThreadId: 't1',
      dbThreadId: 'd1',
    },
  ];
  const live = (threadId: string, time: string, contactName: string | null = null) => ({
    threadId,
    lastMessage: `live ${threadId}`,
    lastMessageTime: time,
    totalMessages: 4,
    customerNumber: 7,
    contactName,
    contactEmail: null,
    unreadCount: 1,
    status: 'live' as const,
  });
  it('merges live conversations that are not saved or current, newest first', () => {
    const items = buildHistoryItems(
      saved,
      [
        live('d1', '1970-01-01T00:00:00.500Z'),
        live('current', '1970-01-01T00:00:01Z'),
        live('other', '1970-01-01T00:00:00.050Z'),
        live('named', '1970-01-01T00:00:00.200Z', 'Ada'),
      ],
      {
        openAIThreadId: null,
        dbThreadId: 'current',
      },
    );
    expect(items.map((item) => [item.id, item.label ?? null])).toEqual([
      ['live:named', 'Ada'],
      ['s1', null],
      ['live:other', 'Anonymous'],
    ]);
    expect(items[0]).toMatchObject({ messageCount: 4, hasUnread: true });
  });
  it('shows only the local list when the live fetch failed', () => {
    expect(buildHistoryItems(saved, null, { openAIThreadId: null, dbThreadId: null }).map((item) => item.id)).toEqual([
      's1',
    ]);
  });
});
