import { describe, expect, it } from 'vitest';
import { archiveChat, deleteSavedConversation, readSavedConversations } from './saved-conversations';
import { clearSession, readSession, writeSession } from './widget-session';
import { storageKeys } from './widget-storage';
import { testSession } from './test-session';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const hour = 3_600_000;

const session = testSession;

describe('widget session', () => {
  it('is valid for one hour since the last activity, per widget', () => {
    const storage = memoryStorage();
    const now = 100 * hour;
    writeSession(storage, session(now - 30 * 60_000));
    expect(readSession(storage, 'w1', now).status).toBe('valid');
    expect(readSession(storage, 'w2', now).status).toBe('none');
    writeSession(storage, session(now - hour - 1));
    const expired = readSession(storage, 'w1', now);
    expect(expired.status).toBe('expired');
    clearSession(storage, 'w1');
    expect(readSession(storage, 'w1', now).status).toBe('none');
  });

  it('ignores other versions and garbage, and maps the old ai sender to agent', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.session('w1'), JSON.stringify({ ...session(Date.now()), version: 2 }));
    expect(readSession(storage, 'w1', Date.now()).status).toBe('none');
    storage.setItem(storageKeys.session('w1'), '{broken');
    expect(readSession(storage, 'w1', Date.now()).status).toBe('none');
    const legacy = session(Date.now());
    storage.setItem(
      storageKeys.session('w1'),
      JSON.stringify({
        ...legacy,
        activeChat: { ...legacy.activeChat, messages: [{ id: 'a', content: 'Hi', sender: 'ai', timestamp: 1 }] },
      }),
    );
    const result = readSession(storage, 'w1', Date.now());
    expect(result.status === 'valid' && result.session.activeChat.messages[0]?.sender).toBe('agent');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => writeSession(broken, session(1))).not.toThrow();
    expect(readSession(broken, 'w1', 1).status).toBe('none');
  });
});

describe('saved conversations', () => {
  const labels = { widgetTitle: 'Chat Widget', aiName: 'AI Assistant' };
  const greeting = { id: 'g', content: 'Hello! How can I help you today?', sender: 'agent' as const, timestamp: 1 };

  it('archives only chats with more than one message and a visitor message', () => {
    const storage = memoryStorage();
    expect(
      archiveChat(
        storage,
        'w1',
        { id: 'c1', messages: [greeting], openAIThreadId: null, dbThreadId: null },
        labels,
        10,
      ),
    ).toBe(false);
    expect(
      archiveChat(
        storage,
        'w1',
        { id: 'c1', messages: [greeting, { ...greeting, id: 'g2' }], openAIThreadId: null, dbThreadId: null },
        labels,
        10,
      ),
    ).toBe(false);
    expect(readSavedConversations(storage, 'w1')).toEqual([]);
    const long = 'Could you tell me more about the enterprise plan and its limits please?';
    expect(
      archiveChat(
        storage,
        'w1',
        {
          id: 'c1',
          messages: [greeting, { id: 'u', content: long, sender: 'user', timestamp: 2 }],
          openAIThreadId: 't',
          dbThreadId: 'd',
        },
        labels,
        10,
      ),
    ).toBe(true);
    const [saved] = readSavedConversations(storage, 'w1');
    expect(saved).toMatchObject({
      id: 'c1',
      messageCount: 2,
      openAIThreadId: 't',
      dbThreadId: 'd',
      widgetTitle: 'Chat Widget',
      aiName: 'AI Assistant',
    });
    expect(saved?.lastMessage).toBe(`${long.slice(0, 50)}...`);
    const stored = JSON.parse(storage.getItem(storageKeys.conversations('w1')) ?? '{}');
    expect(stored).toMatchObject({ maxConversations: 10, version: 1 });
  });

  it('updates the same chat instead of duplicating it, keeps 10 newest first, and deletes', () => {
    const storage = memoryStorage();
    const chat = (id: string, thread: string) => ({
      id,
      messages: [greeting, { id: `u${id}`, content: `q ${id}`, sender: 'user' as const, timestamp: 2 }],
      openAIThreadId: thread,
      dbThreadId: null,
    });
    archiveChat(storage, 'w1', chat('a', 'ta'), labels, 1);
    archiveChat(
      storage,
      'w1',
      {
        ...chat('a', 'ta'),
        messages: [...chat('a', 'ta').messages, { id: 'r', content: 'answer', sender: 'agent', timestamp: 3 }],
      },
      labels,
      2,
    );
    expect(readSavedConversations(storage, 'w1').map((entry) => [entry.id, entry.messageCount])).toEqual([['a', 3]]);
    for (let index = 0; index < 12; index += 1)
      archiveChat(storage, 'w1', chat(`c${index}`, `t${index}`), labels, 10 + index);
    const list = readSavedConversations(storage, 'w1');
    expect(list).toHaveLength(10);
    expect(list[0]?.id).toBe('c11');
    expect(deleteSavedConversation(storage, 'w1', 'c11').map((entry) => entry.id)).not.toContain('c11');
    expect(readSavedConversations(storage, 'w1')).toHaveLength(9);
  });
});
