import { demoMessages, toDemoHistory } from '@agentry/core/demos';
import { WidgetPreview } from '@agentry/widget-ui/widget-preview';
import '@agentry/widget-ui/widget.css';
import { useCallback, useRef, useState } from 'react';
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
};

/** docs/product/demos.md#looks-demo-types, website demo: the real widget (professional or legacy) over the live site or a plain page. */
export function WebsiteDemoView({
  data,
  checkThroughDemo,
  onShare,
  onAnswered,
  isToolbarBelowCounter = false,
}: WebsiteDemoViewProps) {
  const { settings, demoId } = data;
  const threadRef = useRef<{ demoId: string; threadId: string | null }>({ demoId, threadId: null });
  // Clear and a change of demo start the widget afresh (new key) with a new thread.
  const [conversation, setConversation] = useState(0);
  const [shownDemoId, setShownDemoId] = useState(demoId);
  if (shownDemoId !== demoId) {
    setShownDemoId(demoId);
    setConversation((value) => value + 1);
  }
  if (threadRef.current.demoId !== demoId) threadRef.current = { demoId, threadId: null };

  const onSend = useCallback(
    async (text: string, history: { role: 'user' | 'assistant'; content: string }[]) => {
      const cleanHistory = toDemoHistory(
        history.filter((entry) => entry.content !== demoMessages.botError),
        settings.showWelcomeMessage ? settings.welcomeMessage : undefined,
      );
      try {
        const answer = await sendDemoMessage({
          demoId,
          message: text,
          threadId: threadRef.current.threadId,
          history: cleanHistory,
        });
        if (threadRef.current.demoId === demoId)
          threadRef.current.threadId = answer.threadId ?? threadRef.current.threadId;
        onAnswered?.(answer.requestCount);
        return answer.content;
      } catch (error) {
        const failure = describeDemoChatFailure('website', error instanceof DemoChatError ? error.message : null);
        if (failure.toast) toast.error(failure.toast);
        return failure.bubble;
      }
    },
    [demoId, onAnswered, settings.showWelcomeMessage, settings.welcomeMessage],
  );

  const clear = () => {
    threadRef.current = { demoId, threadId: null };
    setConversation((value) => value + 1);
  };

  const widgetSettings = toWidgetSettings(settings, typeof window === 'undefined' ? 1280 : window.innerWidth);
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
      />
    </div>
  );
}
