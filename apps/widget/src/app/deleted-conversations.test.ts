import { describe, expect, it } from 'vitest';
import { MAX_DELETED_THREAD_IDS, readDeletedThreadIds, rememberDeletedThreadIds } from './deleted-conversations';
import { storageKeys } from './widget-storage';

describe('deleted conversations', () => {
  it('keeps the thread ids per widget, newest first, once each and a bounded number', () => {
    rememberDeletedThreadIds(localStorage, 'w1', ['conv-1', 'thread-1']);
    rememberDeletedThreadIds(localStorage, 'w1', ['conv-2', 'conv-1']);
    expect(readDeletedThreadIds(localStorage, 'w1')).toEqual(['conv-2', 'conv-1', 'thread-1']);
    expect(readDeletedThreadIds(localStorage, 'w2')).toEqual([]);

    const many = Array.from({ length: MAX_DELETED_THREAD_IDS + 5 }, (_, index) => `conv-${index + 10}`);
    rememberDeletedThreadIds(localStorage, 'w1', many);
    expect(readDeletedThreadIds(localStorage, 'w1')).toHaveLength(MAX_DELETED_THREAD_IDS);
  });

  it('reads garbage or blocked storage as nothing deleted', () => {
    localStorage.setItem(storageKeys.deletedConversations('w1'), '{not json');
    expect(readDeletedThreadIds(localStorage, 'w1')).toEqual([]);
    expect(rememberDeletedThreadIds(null, 'w1', ['conv-1'])).toEqual(['conv-1']);
    expect(readDeletedThreadIds(null, 'w1')).toEqual([]);
  });
});
