import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ChatWidget,
  resolveWidgetTexts,
  type ChatWidgetHistoryItem,
  type ChatWidgetMessage,
  type ChatWidgetView,
} from '@agentry/widget-ui/chat-widget';
import {
  isSessionValid,
  launcherSizeFor,
  MOBILE_BREAKPOINT,
  WIDGET_SESSION_CHECK_MS,
  WIDGET_SESSION_VERSION,
} from '@agentry/core/widget-rules';
import { buildChatHistory, GREETING_ID_PREFIX } from './chat-history';
import {
  CONNECTION_ERROR_TEXT,
  fetchLiveConversations,
  fetchVisitorTranscript,
  sendWidgetChat,
  type StartedChat,
  WidgetChatError,
} from './chat-api';
import { readDeletedThreadIds, rememberDeletedThreadIds } from './deleted-conversations';
import { computeBlockSize, computeFrameSize } from './frame-size';
import { buildHistoryItems, LIVE_ID_PREFIX } from './history-items';
import { writeHostState, type HostState } from './host-state';
import { detectKeyboardPlatform, measureKeyboardHeight } from './keyboard-height';
import {
  isTrustedParentEvent,
  parseParentMessage,
  type WidgetContact,
  type WidgetToParentMessage,
} from './parent-messages';
import type { WidgetAppConfig } from './read-widget-config';
import { archiveChat, deleteSavedConversation, readSavedConversations } from './saved-conversations';
import { clearSession, parseSession, readSession, writeSession, type WidgetSession } from './widget-session';
import { readItem, storageKeys, writeItem, type StorageLike } from './widget-storage';

export type WidgetAppProps = {
  config: WidgetAppConfig;
  /** The pinned embedding origin (null: not framed or not verifiable -> no postMessage at all). */
  parentOrigin: string | null;
  /** 'demo' never restores sessions (docs/product/widget.md#in-the-visitors-browser). */
  mode: string | null;
  storage: StorageLike | null;
  /** The parent page's viewport when the loader passes it (?vw=&vh=, then 'viewport' messages). */
  parentViewport: { width: number; height: number } | null;
  /** What the loader kept in the host page's own storage (#host=), for when `storage` keeps nothing. */
  hostState?: HostState | null;
  /** The frame's own storage works (false where the browser blocks third-party storage). */
  isStorageKept?: boolean;
};

type ActiveChat = {
  id: string;
  messages: ChatWidgetMessage[];
  openAIThreadId: string | null;
  dbThreadId: string | null;
  lastActivity: number;
};

function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function createChat(config: WidgetAppConfig, greeting: string): ActiveChat {
  const now = Date.now();
  const messages: ChatWidgetMessage[] =
    config.showFirstMessage && greeting
      ? [{ id: newId(GREETING_ID_PREFIX), content: greeting, sender: 'agent', timestamp: now }]
      : [];
  return { id: newId('chat-'), messages, openAIThreadId: null, dbThreadId: null, lastActivity: now };
}

function chatFromSession(session: WidgetSession): ActiveChat {
  return {
    id: session.activeChat.id,
    messages: session.activeChat.messages,
    openAIThreadId: session.openAIThreadId,
    dbThreadId: session.dbThreadId,
    lastActivity: session.activeChat.lastActivity,
  };
}

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * Mobile layout at 1024 px or less of the PARENT page's viewport, which only the loader knows
 * (?vw= and 'viewport' messages). Without it: a touch device whose screen is 1024 px or less.
 */
function isMobileViewport(viewport: { width: number } | null): boolean {
  if (viewport) return viewport.width <= MOBILE_BREAKPOINT;
  const isCoarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return isCoarse && window.screen.width <= MOBILE_BREAKPOINT;
}

/** The iframe app: runtime behaviour of the embedded widget (docs/product/widget.md#in-the-visitors-browser) around the shared ChatWidget view. */
export function WidgetApp({
  config,
  parentOrigin,
  mode,
  storage,
  parentViewport: initialViewport,
  hostState = null,
  isStorageKept = true,
}: WidgetAppProps) {
  const widgetId = config.widgetId;
  const texts = resolveWidgetTexts(config);
  const labels = useMemo(() => ({ widgetTitle: texts.title, aiName: texts.aiName }), [texts.title, texts.aiName]);
  const canRestore = mode !== 'demo';
  // A website block is always open inline: no launcher, bubble, phone layout or closing.
  const isBlock = config.isBlock === true;

  // Initial state: a valid session restores chat and UI; an expired one is archived and cleared.
  // Without one (the frame's storage blocked), the host page's pointer to a conversation still
  // within the session hour brings that conversation back from the server.
  const [initial] = useState(
    (): { chat: ActiveChat; isOpen: boolean; view: ChatWidgetView; fromServer: HostState | null } => {
      const now = Date.now();
      const result = canRestore ? readSession(storage, widgetId, now) : { status: 'none' as const };
      const localOpen = readItem(storage, storageKeys.isOpen(widgetId));
      const rememberedOpen =
        isBlock || (isFramed() && (localOpen !== null ? localOpen === 'true' : hostState?.isOpen === true));
      if (result.status === 'valid') {
        const session = result.session;
        const view: ChatWidgetView = session.showChatList ? 'chats' : 'messages';
        return { chat: chatFromSession(session), isOpen: rememberedOpen, view, fromServer: null };
      }
      if (result.status === 'expired') {
        archiveChat(storage, widgetId, chatFromSession(result.session), labels, now);
        clearSession(storage, widgetId);
      }
      const fresh = createChat(config, texts.firstMessage);
      if (
        result.status === 'none' &&
        canRestore &&
        hostState?.visitor &&
        hostState.dbThreadId &&
        isSessionValid(hostState.lastActivity, now)
      ) {
        const chat = {
          ...fresh,
          dbThreadId: hostState.dbThreadId,
          openAIThreadId: hostState.openAIThreadId,
          lastActivity: hostState.lastActivity,
        };
        return { chat, isOpen: rememberedOpen, view: 'messages', fromServer: hostState };
      }
      return { chat: fresh, isOpen: rememberedOpen, view: 'messages', fromServer: null };
    },
  );
  const [chat, setChat] = useState<ActiveChat>(initial.chat);
  const [isOpen, setIsOpen] = useState(initial.isOpen);
  const [view, setView] = useState<ChatWidgetView>(initial.view);
  const [isPending, setIsPending] = useState(false);
  const [historyItems, setHistoryItems] = useState<ChatWidgetHistoryItem[]>([]);
  const [isBubbleVisible, setIsBubbleVisible] = useState(false);
  const [isBubbleDone, setIsBubbleDone] = useState(initial.isOpen);
  const [dockHeight, setDockHeight] = useState<number | null>(null);
  const [keyboardHeight, setKeyboardHeight] = useState(0);
  const [contactIdentifier, setContactIdentifier] = useState<string | null>(
    () => readItem(storage, storageKeys.contactIdentifier(widgetId)) ?? hostState?.visitor ?? null,
  );
  const contact = useRef<WidgetContact | undefined>(undefined);
  const sessionStarted = useRef(Date.now());
  const [parentViewport, setParentViewport] = useState(initialViewport);
  const isMobile = !isBlock && isMobileViewport(parentViewport);

  const latest = useRef({ chat, isOpen, view, isPending, contactIdentifier });
  latest.current = { chat, isOpen, view, isPending, contactIdentifier };

  const post = useCallback(
    (message: WidgetToParentMessage) => {
      if (!parentOrigin || !isFramed()) return;
      window.parent.postMessage(message, parentOrigin);
    },
    [parentOrigin],
  );

  const persist = useCallback(
    (overrides: Partial<{ chat: ActiveChat; isOpen: boolean; view: ChatWidgetView }> = {}) => {
      const state = { ...latest.current, ...overrides };
      const now = Date.now();
      const session: WidgetSession = {
        version: WIDGET_SESSION_VERSION,
        widgetId,
        contactIdentifier: latest.current.contactIdentifier,
        openAIThreadId: state.chat.openAIThreadId,
        dbThreadId: state.chat.dbThreadId,
        activeChat: {
          id: state.chat.id,
          messages: state.chat.messages.filter((message) => !message.isError || message.content !== ''),
          lastActivity: state.chat.lastActivity,
        },
        isOpen: state.isOpen,
        showMessages: state.view === 'messages',
        showChatList: state.view === 'chats',
        scrollPosition: 0,
        widgetTitle: labels.widgetTitle,
        aiName: labels.aiName,
        sessionStarted: sessionStarted.current,
        lastUpdated: now,
      };
      writeSession(storage, session);
      if (isFramed()) writeItem(storage, storageKeys.isOpen(widgetId), String(state.isOpen));
      // The host page's copy: what survives where the browser keeps nothing for this frame.
      if (canRestore && !isBlock)
        post({
          type: 'store',
          value: writeHostState({
            visitor: latest.current.contactIdentifier,
            dbThreadId: state.chat.dbThreadId,
            openAIThreadId: state.chat.openAIThreadId,
            lastActivity: state.chat.lastActivity,
            isOpen: state.isOpen,
          }),
        });
    },
    [storage, widgetId, labels.widgetTitle, labels.aiName, canRestore, isBlock, post],
  );

  /** The server's copy of one of the visitor's conversations, as the open chat. */
  const openFromServer = useCallback(
    async (threadId: string, base: ActiveChat): Promise<boolean> => {
      const identifier = latest.current.contactIdentifier;
      if (!identifier) return false;
      try {
        const messages = await fetchVisitorTranscript({
          apiBase: config.apiBase,
          widgetId,
          threadId,
          contactIdentifier: identifier,
          parentOrigin,
        });
        if (latest.current.chat.id !== base.id || latest.current.isPending) return false;
        const greeting = base.messages.filter((message) => message.id.startsWith(GREETING_ID_PREFIX));
        const restored = { ...base, messages: [...greeting, ...messages], dbThreadId: threadId };
        setChat(restored);
        persist({ chat: restored });
        return true;
      } catch {
        return false;
      }
    },
    [config.apiBase, widgetId, parentOrigin, persist],
  );

  // A conversation the host page remembered: its messages come from the server.
  useEffect(() => {
    const pointer = initial.fromServer;
    if (!pointer?.dbThreadId) return;
    void openFromServer(pointer.dbThreadId, initial.chat).then((isRestored) => {
      if (isRestored || latest.current.chat.id !== initial.chat.id) return;
      // Gone or not this visitor's: start clean rather than continue an unknown thread.
      setChat((current) =>
        current.id === initial.chat.id ? { ...current, dbThreadId: null, openAIThreadId: null } : current,
      );
    });
  }, [initial, openFromServer]);

  // Deleted in this page view: kept here too, for where the browser keeps nothing for the frame.
  const deletedThreadIds = useRef(new Set<string>());
  const readDeleted = useCallback(
    () => [...deletedThreadIds.current, ...readDeletedThreadIds(storage, widgetId)],
    [storage, widgetId],
  );

  const refreshHistory = useCallback(async () => {
    const saved = readSavedConversations(storage, widgetId);
    const current = latest.current.chat;
    setHistoryItems(buildHistoryItems(saved, null, current, readDeleted()));
    const identifier = latest.current.contactIdentifier;
    if (!identifier || !isFramed()) return;
    try {
      const live = await fetchLiveConversations({
        apiBase: config.apiBase,
        widgetId,
        contactIdentifier: identifier,
        parentOrigin,
      });
      setHistoryItems(
        buildHistoryItems(readSavedConversations(storage, widgetId), live, latest.current.chat, readDeleted()),
      );
    } catch {
      // docs/product/widget.md#texts: a conversation fetch failure falls back to the locally stored list (already shown).
    }
  }, [storage, widgetId, config.apiBase, parentOrigin, readDeleted]);

  const startFreshChat = useCallback(() => {
    const fresh = createChat(config, texts.firstMessage);
    clearSession(storage, widgetId);
    setChat(fresh);
    setIsPending(false);
    return fresh;
  }, [config, texts.firstMessage, storage, widgetId]);

  const open = useCallback(() => {
    if (latest.current.isOpen) return;
    const chatNow = { ...latest.current.chat, lastActivity: Date.now() };
    setChat(chatNow);
    setIsOpen(true);
    setIsBubbleVisible(false);
    setIsBubbleDone(true);
    post({ type: 'hide-bubble' });
    post({ type: 'widget-opened' });
    persist({ isOpen: true, chat: chatNow });
  }, [persist, post]);

  const close = useCallback(() => {
    if (!latest.current.isOpen || isBlock) return;
    archiveChat(storage, widgetId, latest.current.chat, labels, Date.now());
    setIsOpen(false);
    post({ type: 'widget-closed' });
    persist({ isOpen: false });
  }, [persist, post, storage, widgetId, labels, isBlock]);

  const newConversation = useCallback(() => {
    archiveChat(storage, widgetId, latest.current.chat, labels, Date.now());
    const fresh = startFreshChat();
    setView('messages');
    persist({ chat: fresh, view: 'messages' });
  }, [persist, startFreshChat, storage, widgetId, labels]);

  const send = useCallback(
    async (text: string, withHistory: boolean) => {
      const state = latest.current;
      const message = text.trim();
      if (state.isPending || message === '') return;
      const before = state.chat;
      const now = Date.now();
      const userMessage: ChatWidgetMessage = { id: newId('u-'), content: message, sender: 'user', timestamp: now };
      const sending = { ...before, messages: [...before.messages, userMessage], lastActivity: now };
      const agentId = newId('a-');
      setChat(sending);
      setIsPending(true);
      persist({ chat: sending });
      const putAgentMessage = (content: string, isError = false) =>
        setChat((current) => {
          if (current.id !== before.id) return current;
          const agentMessage: ChatWidgetMessage = {
            id: agentId,
            content,
            sender: 'agent',
            timestamp: Date.now(),
            isError,
          };
          const exists = current.messages.some((entry) => entry.id === agentId);
          return {
            ...current,
            messages: exists
              ? current.messages.map((entry) => (entry.id === agentId ? agentMessage : entry))
              : [...current.messages, agentMessage],
          };
        });
      // Where the answer is stored, kept as soon as it is known: a visitor may leave mid-answer.
      const rememberConversation = (stored: StartedChat) => {
        if (stored.contactIdentifier && stored.contactIdentifier !== latest.current.contactIdentifier) {
          writeItem(storage, storageKeys.contactIdentifier(widgetId), stored.contactIdentifier);
          latest.current.contactIdentifier = stored.contactIdentifier;
          setContactIdentifier(stored.contactIdentifier);
        }
        const remember = (current: ActiveChat): ActiveChat =>
          current.id !== before.id
            ? current
            : {
                ...current,
                openAIThreadId: stored.threadId || current.openAIThreadId,
                dbThreadId: stored.widgetConversationThreadId || current.dbThreadId,
                lastActivity: Date.now(),
              };
        setChat(remember);
        return remember;
      };
      const ask = (ids: { threadId: string | null; dbThreadId: string | null; withHistory: boolean }) =>
        sendWidgetChat({
          apiBase: config.apiBase,
          widgetId,
          parentOrigin,
          body: {
            message,
            threadId: ids.threadId,
            widgetConversationThreadId: ids.dbThreadId,
            contactIdentifier: latest.current.contactIdentifier,
            ...(contact.current ? { contact: contact.current } : {}),
            ...(ids.withHistory ? { history: buildChatHistory(before.messages) } : {}),
          },
          onStart: (started) => {
            if (latest.current.chat.id !== before.id) return;
            const remember = rememberConversation(started);
            persist({ chat: remember(latest.current.chat) });
          },
          onDelta: (partial) => putAgentMessage(partial),
        });
      // The conversation the chat continues, or none once the server said it has no such one.
      let kept = { openAIThreadId: before.openAIThreadId, dbThreadId: before.dbThreadId };
      try {
        let reply;
        try {
          reply = await ask({ threadId: before.openAIThreadId, dbThreadId: before.dbThreadId, withHistory });
        } catch (error) {
          // The conversation is gone on the server (deleted, or named by an answer that was never
          // stored): the chat goes on in a new one, seeded with what the visitor sees.
          if (!(error instanceof WidgetChatError && error.status === 404 && before.dbThreadId)) throw error;
          kept = { openAIThreadId: null, dbThreadId: null };
          reply = await ask({ threadId: null, dbThreadId: null, withHistory: true });
        }
        if (latest.current.chat.id !== before.id) return;
        rememberConversation(reply);
        putAgentMessage(reply.message);
      } catch (error) {
        if (latest.current.chat.id !== before.id) return;
        // An answer the server failed stored nothing: a conversation its stream named is forgotten
        // again. A dropped connection keeps it (the server may still store the answer; if it did
        // not, the next message goes on in a new conversation).
        if (error instanceof WidgetChatError && error.isRefused)
          setChat((current) => (current.id !== before.id ? current : { ...current, ...kept }));
        putAgentMessage(error instanceof WidgetChatError ? error.display : CONNECTION_ERROR_TEXT, true);
      } finally {
        if (latest.current.chat.id === before.id) setIsPending(false);
      }
    },
    [config.apiBase, parentOrigin, persist, storage, widgetId],
  );

  // Saved on reply: once the pending answer settled, write the finished chat.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !isPending) persist();
    wasPending.current = isPending;
  }, [isPending, persist]);

  const showHistory = useCallback(() => {
    setView('history');
    persist({ view: 'history' });
    void refreshHistory();
  }, [persist, refreshHistory]);

  const selectHistory = useCallback(
    (id: string) => {
      if (id.startsWith(LIVE_ID_PREFIX)) {
        // A conversation this browser did not keep: the server's copy.
        archiveChat(storage, widgetId, latest.current.chat, labels, Date.now());
        const fresh = startFreshChat();
        setView('messages');
        persist({ chat: fresh, view: 'messages' });
        void openFromServer(id.slice(LIVE_ID_PREFIX.length), fresh);
        return;
      }
      const selected = readSavedConversations(storage, widgetId).find((entry) => entry.id === id);
      if (!selected || selected.messages.length === 0) {
        setView('messages');
        persist({ view: 'messages' });
        return;
      }
      archiveChat(storage, widgetId, latest.current.chat, labels, Date.now());
      clearSession(storage, widgetId);
      const reopened: ActiveChat = {
        id: selected.id,
        messages: selected.messages,
        openAIThreadId: selected.openAIThreadId,
        dbThreadId: selected.dbThreadId,
        lastActivity: Date.now(),
      };
      setChat(reopened);
      setIsPending(false);
      setView('messages');
      persist({ chat: reopened, view: 'messages' });
    },
    [persist, storage, widgetId, labels, startFreshChat, openFromServer],
  );

  // A visitor-side hide (docs/product/widget.md#in-the-visitors-browser): the server keeps its copy
  // and still lists it, so its thread ids are remembered and left out of the merged list.
  const deleteHistory = useCallback(
    (id: string) => {
      let threadIds: string[];
      if (id.startsWith(LIVE_ID_PREFIX)) {
        threadIds = [id.slice(LIVE_ID_PREFIX.length)];
      } else {
        const saved = readSavedConversations(storage, widgetId).find((entry) => entry.id === id);
        threadIds = [saved?.dbThreadId, saved?.openAIThreadId].filter((threadId): threadId is string =>
          Boolean(threadId),
        );
        deleteSavedConversation(storage, widgetId, id);
      }
      for (const threadId of threadIds) deletedThreadIds.current.add(threadId);
      if (threadIds.length > 0) rememberDeletedThreadIds(storage, widgetId, threadIds);
      setHistoryItems((items) => items.filter((item) => item.id !== id));
    },
    [storage, widgetId],
  );

  const dismissBubble = useCallback(() => {
    setIsBubbleVisible(false);
    setIsBubbleDone(true);
    post({ type: 'hide-bubble' });
  }, [post]);

  // Restored open state: tell the parent.
  useEffect(() => {
    if (initial.isOpen && !isBlock) post({ type: 'widget-opened' });
  }, [initial.isOpen, isBlock, post]);

  // The bubble shows after delaySeconds while closed (and never again once opened or dismissed).
  useEffect(() => {
    if (isBlock || isOpen || isBubbleDone || !config.chatBubble.enabled) return;
    const timer = setTimeout(
      () => {
        setIsBubbleVisible(true);
        post({ type: 'show-bubble', message: texts.bubbleMessage });
      },
      Math.max(0, config.chatBubble.delaySeconds) * 1000,
    );
    return () => clearTimeout(timer);
  }, [
    isBlock,
    isOpen,
    isBubbleDone,
    config.chatBubble.enabled,
    config.chatBubble.delaySeconds,
    texts.bubbleMessage,
    post,
  ]);

  // Size the iframe: resize-widget whenever what it must contain changes.
  const lastResize = useRef('');
  const hasBubble = isBubbleVisible && !isOpen;
  useEffect(() => {
    if (isBlock) return;
    const message = computeFrameSize({
      isOpen,
      isMobile,
      hasBubble,
      width: config.width,
      height: config.height,
      launcherSize: launcherSizeFor(config.minimizedSize, isMobile),
      dockHeight,
      viewport: parentViewport ?? { width: window.screen.width, height: window.screen.height },
    });
    const key = JSON.stringify(message);
    if (key === lastResize.current) return;
    lastResize.current = key;
    post(message);
  }, [
    isOpen,
    isMobile,
    hasBubble,
    dockHeight,
    config.width,
    config.height,
    config.minimizedSize,
    parentViewport,
    post,
    isBlock,
  ]);

  // A website block: the page's element follows the window's own height (it grows with the
  // conversation up to the set height; the stylesheet caps it).
  const windowObserver = useRef<ResizeObserver | null>(null);
  const windowRef = useCallback(
    (element: HTMLElement | null) => {
      windowObserver.current?.disconnect();
      windowObserver.current = null;
      if (!element || !isBlock) return;
      const report = () => {
        const box = element.getBoundingClientRect();
        const message = computeBlockSize({ width: box.width, height: box.height });
        const key = JSON.stringify(message);
        if (key === lastResize.current) return;
        lastResize.current = key;
        post(message);
      };
      report();
      if (typeof ResizeObserver === 'undefined') return;
      windowObserver.current = new ResizeObserver(report);
      windowObserver.current.observe(element);
    },
    [isBlock, post],
  );

  const dockObserver = useRef<ResizeObserver | null>(null);
  const dockRef = useCallback((element: HTMLDivElement | null) => {
    dockObserver.current?.disconnect();
    dockObserver.current = null;
    if (!element) return;
    setDockHeight(element.getBoundingClientRect().height || null);
    if (typeof ResizeObserver === 'undefined') return;
    dockObserver.current = new ResizeObserver(() => setDockHeight(element.getBoundingClientRect().height || null));
    dockObserver.current.observe(element);
  }, []);

  // Parent commands: only from our parent window at the pinned origin.
  const commands = useRef({ open, close, newConversation });
  commands.current = { open, close, newConversation };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isTrustedParentEvent(event, parentOrigin, window.parent)) return;
      const message = parseParentMessage(event.data);
      if (!message) return;
      if (message.type === 'open-widget') commands.current.open();
      else if (message.type === 'close-widget') commands.current.close();
      else if (message.type === 'toggle-widget')
        (latest.current.isOpen ? commands.current.close : commands.current.open)();
      else if (message.type === 'reset-widget') commands.current.newConversation();
      else if (message.type === 'viewport') setParentViewport({ width: message.width, height: message.height });
      else contact.current = message.contact;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [parentOrigin]);

  // While open, check the session every 60 s; on expiry archive, reset, close and tell the parent.
  useEffect(() => {
    if (!isOpen) return;
    const timer = setInterval(() => {
      const state = latest.current;
      if (state.isPending || isSessionValid(state.chat.lastActivity, Date.now())) return;
      archiveChat(storage, widgetId, state.chat, labels, Date.now());
      const fresh = startFreshChat();
      if (isBlock) {
        persist({ chat: fresh, view: state.view });
      } else {
        setIsOpen(false);
        post({ type: 'widget-closed' });
        persist({ chat: fresh, isOpen: false, view: state.view });
      }
      if (state.view === 'history') void refreshHistory();
    }, WIDGET_SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [isOpen, isBlock, storage, widgetId, labels, startFreshChat, post, persist, refreshHistory]);

  // Saved before unload.
  useEffect(() => {
    const onUnload = () => persist();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [persist]);

  // Cross-tab sync: another tab's session (or its removal) and history list.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === storageKeys.conversations(widgetId) ||
        event.key === storageKeys.deletedConversations(widgetId)
      ) {
        if (latest.current.view === 'history') void refreshHistory();
        return;
      }
      if (event.key !== storageKeys.session(widgetId) || latest.current.isPending) return;
      const session = parseSession(event.newValue, widgetId);
      if (!session) {
        if (event.newValue === null && latest.current.chat.messages.some((message) => message.sender === 'user'))
          setChat(createChat(config, texts.firstMessage));
        return;
      }
      const current = latest.current.chat;
      if (
        session.activeChat.id === current.id &&
        session.activeChat.messages.length === current.messages.length &&
        session.openAIThreadId === current.openAIThreadId
      )
        return;
      setChat(chatFromSession(session));
      if (session.contactIdentifier) setContactIdentifier(session.contactIdentifier);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [widgetId, config, texts.firstMessage, refreshHistory]);

  // Mobile keyboard: keep the composer above it.
  useEffect(() => {
    if (!isMobile || !isOpen) return;
    const platform = detectKeyboardPlatform(navigator.userAgent, navigator.maxTouchPoints);
    const update = () => {
      const active = document.activeElement;
      const isInputFocused = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement;
      const viewport = window.visualViewport;
      setKeyboardHeight(
        measureKeyboardHeight({
          platform,
          isInputFocused,
          layoutHeight: window.innerHeight,
          visualViewport: viewport ? { height: viewport.height, offsetTop: viewport.offsetTop } : null,
        }),
      );
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      window.visualViewport?.removeEventListener('resize', update);
      setKeyboardHeight(0);
    };
  }, [isMobile, isOpen]);

  return (
    <ChatWidget
      settings={config}
      mode={isBlock ? 'block' : 'frame'}
      isOpen={isOpen}
      view={view}
      messages={chat.messages}
      isPending={isPending}
      showBubble={hasBubble}
      isMobile={isMobile}
      keyboardHeight={keyboardHeight}
      history={historyItems}
      isHistoryKeptLocally={isStorageKept}
      chats={[
        {
          id: chat.id,
          title: texts.title,
          lastMessage: chat.messages[chat.messages.length - 1]?.content ?? '',
          unreadCount: 0,
        },
      ]}
      activeChatId={chat.id}
      dockRef={dockRef}
      windowRef={windowRef}
      onOpen={open}
      onClose={close}
      onSend={(text) => void send(text, true)}
      onSuggestedReply={(text) => void send(text, false)}
      onDismissBubble={dismissBubble}
      onNewConversation={newConversation}
      onShowHistory={showHistory}
      onShowChats={() => {
        setView('chats');
        persist({ view: 'chats' });
      }}
      onShowMessages={() => {
        setView('messages');
        persist({ view: 'messages' });
      }}
      onSelectHistory={selectHistory}
      onDeleteHistory={deleteHistory}
      onSelectChat={() => {
        setView('messages');
        persist({ view: 'messages' });
      }}
    />
  );
}
