import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product/agents.md#creating-from-an-idea, "Draft agent idea": the browser storage key. */
export const PENDING_AGENT_IDEA_KEY = 'pending_agent_idea';
/** docs/product/agents.md#creating-from-an-idea: idea autosave debounce. */
export const IDEA_SAVE_DEBOUNCE_MS = 300;

export function readIdeaDraft(): string {
  try {
    return localStorage.getItem(PENDING_AGENT_IDEA_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Saves the draft; empty text removes it. */
export function writeIdeaDraft(text: string) {
  try {
    if (text.trim() === '') localStorage.removeItem(PENDING_AGENT_IDEA_KEY);
    else localStorage.setItem(PENDING_AGENT_IDEA_KEY, text);
  } catch {
    // Storage may be full or blocked (private mode); the idea still lives in the text box.
  }
}

/**
 * The idea box's text, restored from and saved to browser storage 300 ms after the last
 * keystroke. `clear` empties the box and drops the draft at once (after a successful build).
 */
export function useIdeaDraft() {
  const [idea, setIdeaState] = useState(readIdeaDraft);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<string | null>(null);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current !== null) writeIdeaDraft(pending.current);
    pending.current = null;
  }, []);

  const setIdea = useCallback(
    (text: string) => {
      setIdeaState(text);
      pending.current = text;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, IDEA_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    setIdeaState('');
    writeIdeaDraft('');
  }, []);

  // Leaving the page keeps what was typed in the last 300 ms too.
  useEffect(() => flush, [flush]);

  return { idea, setIdea, clear };
}
