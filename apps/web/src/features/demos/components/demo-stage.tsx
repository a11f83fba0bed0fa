import { demoLimits } from '@agentry/core/demo-rules';
import type { DemoCorner } from '@agentry/core/demos';
import { useCallback, useState } from 'react';
import { cn } from '@/lib/cn';
import { copyDemoLink } from '../lib/copy-demo-link';
import { useDemoChat } from '../hooks/use-demo-chat';
import { demoShareLink } from '../lib/demo-chat-rules';
import type { DemoViewData, DemoViewMode } from '../lib/demo-view-data';
import { ClientMessageCard } from './client-message-card';
import { RequestCounterBadge } from './request-counter-badge';
import { SmsDemoView } from './sms-demo-view';
import { SocialDemoView } from './social-demo-view';
import { StandardDemoView } from './standard-demo-view';
import { WebsiteDemoView } from './website-demo-view';

type DemoStageProps = {
  data: DemoViewData;
  mode: DemoViewMode;
  className?: string;
  /** Told the request count after every answered message. */
  onRequestCount?: (count: number) => void;
};

/** The counter moves to the other vertical side when it would sit under the website widget. */
const otherVerticalSide = (corner: DemoCorner): DemoCorner =>
  corner.startsWith('bottom')
    ? (corner.replace('bottom', 'top') as DemoCorner)
    : (corner.replace('top', 'bottom') as DemoCorner);

/**
 * On phones a corner badge would sit on the chat's input or header: it takes its own row above or
 * below the chat instead, and over the website look (whose widget fills the bottom) the top centre.
 */
function phoneCounterClasses(type: string, corner: DemoCorner) {
  if (type === 'website')
    return 'max-sm:top-3 max-sm:bottom-auto max-sm:left-1/2 max-sm:right-auto max-sm:-translate-x-1/2';
  return cn('max-sm:static max-sm:shrink-0', corner.startsWith('top') && 'max-sm:order-first');
}

/**
 * One demo as visitors see it, in one of the four modes: the look of its type on the demo
 * background, the title, the request counter badge (never embedded) and the client message card
 * (never embedded). Social looks slide aside from the card in the editor's live preview only.
 */
export function DemoStage({ data, mode, className, onRequestCount }: DemoStageProps) {
  const { settings, type, demoId } = data;
  const [used, setUsed] = useState({ demoId, base: data.requestCount, count: data.requestCount });
  if (used.demoId !== demoId || used.base !== data.requestCount)
    setUsed({ demoId, base: data.requestCount, count: data.requestCount });
  const onAnswered = useCallback(
    (requestCount: number | null) => {
      setUsed((current) => ({ ...current, count: requestCount ?? current.count + 1 }));
      if (requestCount !== null) onRequestCount?.(requestCount);
    },
    [onRequestCount],
  );

  const chat = useDemoChat({
    demoId,
    type,
    showWelcomeMessage: settings.showWelcomeMessage,
    welcomeMessage: settings.welcomeMessage,
    openRouter: type === 'sms' ? data.openRouter : null,
    onAnswered,
    isLimitReached: used.count >= data.requestLimit,
  });
  const [isCardDismissed, setIsCardDismissed] = useState(false);

  const onShare = settings.platformSettings.showShareButton
    ? () =>
        void copyDemoLink(
          demoShareLink({ type, demoId, origin: window.location.origin, currentHref: window.location.href }),
        )
    : undefined;

  const { clientMessage, backgroundSettings } = settings;
  const isEmbedded = mode === 'embedded';
  const showCard =
    !isEmbedded &&
    !isCardDismissed &&
    clientMessage.enabled &&
    (clientMessage.header.trim() !== '' || clientMessage.body.trim() !== '');
  const isSocial = type === 'facebook' || type === 'instagram';
  // Not on the preview page, the shared or the embedded view: there the card has its own place.
  const slide =
    showCard && isSocial && mode === 'editor'
      ? (clientMessage.position === 'right' ? -1 : 1) * demoLimits.clientMessageShiftPx
      : 0;
  const showCounter = !isEmbedded && backgroundSettings.showRequestCounter;
  const counterPosition =
    type === 'website' && backgroundSettings.counterPosition === settings.platformSettings.position
      ? otherVerticalSide(backgroundSettings.counterPosition)
      : backgroundSettings.counterPosition;
  const showTitle = !isEmbedded && backgroundSettings.showTitle;
  // Inside the editor the workspace header holds the page's <h1>.
  const TitleTag = mode === 'editor' ? 'p' : 'h1';
  const title = backgroundSettings.customTitle.trim() || data.name;
  const showBranding = (mode === 'shared' || mode === 'embedded') && !settings.hideBranding;
  const { width, height } = settings.embedSettings;

  return (
    <div
      data-demo-mode={mode}
      data-demo-type={type}
      className={cn('relative isolate flex min-h-0 flex-col overflow-hidden', className)}
      style={{ backgroundColor: backgroundSettings.backgroundColor }}
    >
      {showTitle ? (
        <header
          className="relative z-10 shrink-0 px-4 py-3 text-center"
          style={{ backgroundColor: backgroundSettings.headerBackgroundColor || undefined }}
        >
          <TitleTag
            className="truncate font-semibold tracking-tight"
            style={{ fontSize: backgroundSettings.titleSize, color: backgroundSettings.titleColor, lineHeight: 1.25 }}
          >
            {title}
          </TitleTag>
        </header>
      ) : null}

      <div className="relative flex min-h-0 flex-1 flex-col items-center justify-center gap-4 p-4 sm:p-6">
        {type === 'website' ? (
          <WebsiteDemoView
            data={data}
            checkThroughDemo={mode === 'shared' || mode === 'embedded'}
            onShare={onShare}
            onAnswered={onAnswered}
            isLimitReached={used.count >= data.requestLimit}
            isToolbarBelowCounter={
              showCounter &&
              counterPosition === (settings.platformSettings.position.endsWith('right') ? 'top-left' : 'top-right')
            }
          />
        ) : null}
        {showCard ? (
          <ClientMessageCard
            header={clientMessage.header}
            body={clientMessage.body}
            position={clientMessage.position}
            onClose={() => setIsCardDismissed(true)}
            className={cn(
              'z-20 shrink-0',
              type === 'website'
                ? 'absolute top-16'
                : mode === 'editor'
                  ? undefined
                  : 'lg:absolute lg:top-1/2 lg:-translate-y-1/2',
              clientMessage.position === 'right'
                ? type === 'website'
                  ? 'right-4'
                  : 'lg:right-6'
                : type === 'website'
                  ? 'left-4'
                  : 'lg:left-6',
              mode === 'editor' &&
                type !== 'website' &&
                (clientMessage.position === 'right' ? 'self-end' : 'self-start'),
            )}
          />
        ) : null}
        {type !== 'website' ? (
          <div
            className="flex min-h-0 max-w-full flex-1 items-center justify-center transition-transform duration-200 motion-reduce:transition-none"
            style={{ transform: slide ? `translateX(${slide}px)` : undefined }}
            data-slide={slide}
          >
            {type === 'standard' ? (
              <StandardDemoView data={data} chat={chat} onShare={onShare} width={width} height={height} />
            ) : null}
            {type === 'sms' ? <SmsDemoView data={data} chat={chat} onShare={onShare} height={height} /> : null}
            {isSocial ? (
              <SocialDemoView variant={type} data={data} chat={chat} onShare={onShare} width={width} height={height} />
            ) : null}
          </div>
        ) : null}
        {showCounter ? (
          <RequestCounterBadge
            used={used.count}
            limit={data.requestLimit}
            position={counterPosition}
            className={phoneCounterClasses(type, counterPosition)}
          />
        ) : null}
      </div>

      {showBranding ? (
        <p className="relative z-10 shrink-0 pb-2 text-center text-[11px] text-white/50">
          Powered by{' '}
          <a
            href="/"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-white/70 underline-offset-2 hover:underline"
          >
            Agentry
          </a>
        </p>
      ) : null}
    </div>
  );
}
