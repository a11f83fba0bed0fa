import { describe, expect, it } from 'vitest';
import { readHostState, writeHostState, type HostState } from './host-state';

const state: HostState = {
  visitor: 'v_abcdefghijklmnopqrstuv',
  dbThreadId: 'conv-1',
  openAIThreadId: 'thread-1',
  lastActivity: 1_764_000_000_000,
  isOpen: true,
};

describe('host state (kept in the host page through the loader)', () => {
  it('round-trips through the frame address fragment', () => {
    expect(readHostState(`#host=${encodeURIComponent(writeHostState(state))}`)).toEqual(state);
    expect(writeHostState(state).length).toBeLessThan(2000);
  });

  it('reads nothing from an empty, missing or broken fragment, and drops malformed fields', () => {
    expect(readHostState('')).toBeNull();
    expect(readHostState('#host=')).toBeNull();
    expect(readHostState('#host=%7Bnot-json')).toBeNull();
    expect(
      readHostState(`#host=${encodeURIComponent(JSON.stringify({ v: 42, t: 'x'.repeat(101), a: 'soon' }))}`),
    ).toEqual({
      visitor: null,
      dbThreadId: null,
      openAIThreadId: null,
      lastActivity: 0,
      isOpen: false,
    });
  });
});
