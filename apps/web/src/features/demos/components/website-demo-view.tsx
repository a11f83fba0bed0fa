import { demoMessages, toDemoHistory } from '@agentry/core/demo-rules';
import { WidgetPreview } from '@agentry/widget-ui/widget-preview';
import '@agentry/widget-ui/widget.css';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { DemoChatError, sendDemoMessage } from '../api/send-demo-message';
import { describeDemoChatFailure } from '../lib/demo-chat-rules';
import type { DemoViewData } from '../lib/demo-view-data';
import { isWidgetInitiallyOpen, toWidgetSettings } from '../lib/to-widget-settings';
import { ChatActions } from './chat-actions';
import { WebsiteBackground } from './website-background';

type WebsiteDemoViewProps = {
  data: DemoViewData;
  /** Visitors check the background through the demo id. */
  checkThroughDemo: boolean;
  onShare?: () => void;
  onAnswered?: (requestCount: number | null) => void;
  /** The request counter badge sits in the toolbar's corner: the toolbar moves below it. */
  isToolbarBelowCounter?: boolean;
  /** The demo had used its whole request limit: the widget says so once and takes no input. */
  isLimitReached?: boolean;
};

/** docs/product/demos.md#settings: the demo launcher is 56 px. */
const DEMO_LAUNCHER_PIXELS = 56;

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width, following resizes (the phone size of the widget depends on it). */
function useViewportWidth() {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => 1280,
  );
}

/** docs/product/demos.md#looks-demo-types, website demo: the real widget (professional or legacy) over the live site or a plain page. */
export function WebsiteDemoView({
  data,
  checkThroughDemo,
  onShare,
  onAnswered,
  isToolbarBelowCounter = false,
  isLimitReached = false,
}: WebsiteDemoViewProps) {
  const { settings, demoId } = data;
  // The server thread of each of the widget's conversations: New Conversation starts a new thread,
  // a reopened chat continues its own (docs/product/widget.md#in-the-visitors-browser).
  const threadsRef = useRef<{ demoId: string; threads: Map<string, string> }>({ demoId, threads: new Map() });
  // Clear and a change of demo start the widget afresh (new key) with new threads.
  const [conversation, setConversation] = useState(0);
  const [shownDemoId, setShownDemoId] = useState(demoId);
  if (shownDemoId !== demoId) {
    setShownDemoId(demoId);
    setConversation((value) => value + 1);
  }
  if (threadsRef.current.demoId !== demoId) threadsRef.current = { demoId, threads: new Map() };
  // The request limit reached in this visit closes the chat, as does one already used up when the page loaded.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const isClosed = isLimitReached || closedFor === demoId;
  const viewportWidth = useViewportWidth();

  const onSend = useCallback(
    async (text: string, history: { role: 'user' | 'assistant'; content: string }[], conversationId: string) => {
      const cleanHistory = toDemoHistory(
        history.filter((entry) => entry.content !== demoMessages.botError),
        settings.showWelcomeMessage ? settings.welcomeMessage : undefined,
      );
      const threads = threadsRef.current.threads;
      try {
        const answer = await sendDemoMessage({
          demoId,
          message: text,
          threadId: threads.get(conversationId) ?? null,
          history: cleanHistory,
        });
        // A reply that arrives after Clear or a change of demo belongs to a conversation gone with it.
        if (answer.threadId && threadsRef.current.threads === threads) threads.set(conversationId, answer.threadId);
        onAnswered?.(answer.requestCount);
        return answer.content;
      } catch (error) {
        const failure = describeDemoChatFailure(
          'website',
          error instanceof DemoChatError ? error.message : null,
          error instanceof DemoChatError ? error.code : null,
        );
        if (failure.toast) toast.error(failure.toast);
        if (failure.closesChat) setClosedFor(demoId);
        return failure.bubble;
      }
    },
    [demoId, onAnswered, settings.showWelcomeMessage, settings.welcomeMessage],
  );

  const clear = () => {
    threadsRef.current = { demoId, threads: new Map() };
    setConversation((value) => value + 1);
  };

  const widgetSettings = toWidgetSettings(settings, viewportWidth);
  const initiallyOpen = isWidgetInitiallyOpen(settings);
  const toolbarOnLeft = settings.platformSettings.position.endsWith('right');

  return (
    <div data-demo-look="website" className="absolute inset-0 overflow-hidden">
      <WebsiteBackground
        url={settings.backgroundUrl}
        template={settings.widgetTemplate}
        demoId={checkThroughDemo ? demoId : undefined}
        backgroundColor={settings.backgroundSettings.backgroundColor}
      />
      <ChatActions
        onClear={clear}
        onShare={onShare}
        className={`absolute z-20 rounded-xl bg-black/60 p-1 text-white shadow-lg backdrop-blur ${isToolbarBelowCounter ? 'top-14' : 'top-3'} ${toolbarOnLeft ? 'left-3' : 'right-3'}`}
        buttonClassName="hover:bg-white/15 focus-visible:outline-white"
      />
      {/* A change of 'Open on load' restarts the widget so the editor shows it at once. */}
      <WidgetPreview
        key={`${conversation}-${String(initiallyOpen)}`}
        settings={widgetSettings}
        onSend={onSend}
        initiallyOpen={initiallyOpen}
        closedNotice={isClosed ? demoMessages.limitReached : null}
        launcherPixels={DEMO_LAUNCHER_PIXELS}
      />
    </div>
  );
}
