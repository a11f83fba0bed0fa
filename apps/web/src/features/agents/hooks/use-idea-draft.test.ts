import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_AGENT_IDEA_KEY, useIdeaDraft } from './use-idea-draft';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useIdeaDraft (draft agent idea)', () => {
  it('restores the draft kept under pending_agent_idea', () => {
    localStorage.setItem(PENDING_AGENT_IDEA_KEY, 'A receptionist for a dental clinic');
    const { result } = renderHook(() => useIdeaDraft());
    expect(result.current.idea).toBe('A receptionist for a dental clinic');
  });

  it('saves 300 ms after the last change, not before', () => {
    const { result } = renderHook(() => useIdeaDraft());
    act(() => result.current.setIdea('A'));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => result.current.setIdea('A bot'));
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBe('A bot');
    expect(result.current.idea).toBe('A bot');
  });

  it('removes the draft when the text is emptied', () => {
    localStorage.setItem(PENDING_AGENT_IDEA_KEY, 'Old idea');
    const { result } = renderHook(() => useIdeaDraft());
    act(() => result.current.setIdea(''));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBeNull();
  });

  it('saves what is pending when the page goes away, and clear drops the draft at once', () => {
    const first = renderHook(() => useIdeaDraft());
    act(() => first.result.current.setIdea('Typed just before leaving'));
    first.unmount();
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBe('Typed just before leaving');

    const second = renderHook(() => useIdeaDraft());
    act(() => second.result.current.clear());
    expect(second.result.current.idea).toBe('');
    expect(localStorage.getItem(PENDING_AGENT_IDEA_KEY)).toBeNull();
  });
});
