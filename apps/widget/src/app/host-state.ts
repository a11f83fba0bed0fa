/**
 * What the widget keeps in the HOST page's own storage through the loader (it relays a 'store'
 * message; the next frame gets it back as #host=). A browser that blocks third-party storage
 * (Chromium's default here, Safari, Brave) keeps nothing in the frame, but keeps this: the
 * visitor's id and a pointer to the open conversation, whose messages come back from the server.
 * Small on purpose (the loader refuses more than 2,000 characters): ids and flags, no transcript.
 */
export type HostState = {
  /** contactIdentifier. */
  visitor: string | null;
  /** The open chat's conversation (widgetConversationThreadId) and LLM thread. */
  dbThreadId: string | null;
  openAIThreadId: string | null;
  /** Last activity of the open chat (ms), for the one-hour session. */
  lastActivity: number;
  isOpen: boolean;
};

const MAX_ID = 100;

function id(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value.length <= MAX_ID ? value : null;
}

/** Reads `#host=<json>` of the frame's address; null when absent or broken. */
export function readHostState(hash: string): HostState | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('host');
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      visitor: id(value.v),
      dbThreadId: id(value.t),
      openAIThreadId: id(value.o),
      lastActivity: typeof value.a === 'number' && Number.isFinite(value.a) ? value.a : 0,
      isOpen: value.open === true,
    };
  } catch {
    return null;
  }
}

/** The value the loader stores (short keys: it travels in every frame address). */
export function writeHostState(state: HostState): string {
  return JSON.stringify({
    v: state.visitor,
    t: state.dbThreadId,
    o: state.openAIThreadId,
    a: state.lastActivity,
    open: state.isOpen,
  });
}
