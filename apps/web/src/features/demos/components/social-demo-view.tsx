import { demoStatusTexts } from '@agentry/core/demo-rules';
import { cn } from '@/lib/cn';
import type { DemoChat } from '../hooks/use-demo-chat';
import type { DemoViewData } from '../lib/demo-view-data';
import { ChatActions } from './chat-actions';
import { ChatComposer, TypingDots } from './chat-composer';
import { DemoChatLog } from './demo-chat-log';
import { DemoLogo } from './demo-logo';
import { DemoSuggestedReplies } from './demo-suggested-replies';

const MESSENGER_BLUE = '#0084ff';
const INSTAGRAM_GRADIENT = 'linear-gradient(135deg, #7b3fe4 0%, #c13584 55%, #e1306c 100%)';

type SocialDemoViewProps = {
  variant: 'facebook' | 'instagram';
  data: DemoViewData;
  chat: DemoChat;
  onShare?: () => void;
  width: number;
  height: number;
};

/** docs/product/demos.md#looks-demo-types, facebook-style ('Typically replies instantly') and instagram-style ('Active now') chat. */
export function SocialDemoView({ variant, data, chat, onShare, width, height }: SocialDemoViewProps) {
  const { settings } = data;
  const isDark = settings.theme === 'dark';
  const statusText = settings.platformSettings.statusText.trim() || demoStatusTexts[variant];
  const isInstagram = variant === 'instagram';
  const colors = isInstagram
    ? isDark
      ? { surface: '#000000', text: '#f5f5f5', muted: '#a8a8a8', bot: '#262626', border: '#262626', input: '#121212' }
      : { surface: '#ffffff', text: '#000000', muted: '#737373', bot: '#efefef', border: '#dbdbdb', input: '#ffffff' }
    : isDark
      ? { surface: '#242526', text: '#e4e6eb', muted: '#b0b3b8', bot: '#3a3b3c', border: '#3a3b3c', input: '#3a3b3c' }
      : { surface: '#ffffff', text: '#050505', muted: '#65676b', bot: '#f0f0f0', border: '#e4e6eb', input: '#f0f2f5' };
  const userBubble = isInstagram
    ? { backgroundImage: INSTAGRAM_GRADIENT, color: '#ffffff' }
    : { backgroundColor: MESSENGER_BLUE, color: '#ffffff' };
  const accentText = isInstagram ? (isDark ? '#e4e6eb' : '#c13584') : MESSENGER_BLUE;

  return (
    <section
      aria-label={`${settings.socialContactName} on ${isInstagram ? 'Instagram' : 'Messenger'}`}
      data-demo-look={variant}
      className={cn('flex flex-col overflow-hidden shadow-2xl', isInstagram ? 'rounded-3xl' : 'rounded-xl')}
      style={{
        width,
        height,
        maxWidth: '100%',
        maxHeight: '100%',
        backgroundColor: colors.surface,
        color: colors.text,
        border: `1px solid ${colors.border}`,
      }}
    >
      <header
        className="flex h-16 shrink-0 items-center gap-3 px-4"
        style={{ borderBottom: `1px solid ${colors.border}` }}
      >
        <span
          className={cn('relative rounded-full', isInstagram && 'p-[2px]')}
          style={isInstagram ? { backgroundImage: INSTAGRAM_GRADIENT } : undefined}
        >
          <DemoLogo
            url={settings.logoUrl}
            crop={settings.avatarCropPosition}
            scale={settings.avatarScale}
            size={40}
            fallbackColor={isInstagram ? '#c13584' : MESSENGER_BLUE}
            className={isInstagram ? 'border-2' : undefined}
          />
          <span
            aria-hidden
            className="absolute bottom-0 right-0 size-3 rounded-full border-2 bg-[#31a24c]"
            style={{ borderColor: colors.surface }}
          />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[15px] font-semibold">{settings.socialContactName}</h2>
          <p className="truncate text-xs" style={{ color: colors.muted }}>
            {statusText}
          </p>
        </div>
        <ChatActions
          onClear={chat.clear}
          onShare={onShare}
          buttonClassName={cn('hover:bg-black/5', isDark && 'hover:bg-white/10')}
        />
      </header>
      <DemoChatLog
        chat={chat}
        className="gap-2 px-4 py-4"
        renderMessage={(message) =>
          message.type === 'user' ? (
            <p
              key={message.id}
              className="max-w-[75%] self-end whitespace-pre-wrap break-words rounded-[18px] px-3 py-2 text-sm"
              style={userBubble}
            >
              <span className="sr-only">You: </span>
              {message.content}
            </p>
          ) : (
            <div key={message.id} className="flex max-w-[80%] items-end gap-2 self-start">
              <DemoLogo
                url={settings.logoUrl}
                crop={settings.avatarCropPosition}
                scale={settings.avatarScale}
                size={28}
                fallbackColor={isInstagram ? '#c13584' : MESSENGER_BLUE}
              />
              <div className="flex flex-col gap-0.5">
                <p
                  className="whitespace-pre-wrap break-words rounded-[18px] px-3 py-2 text-sm"
                  style={{ backgroundColor: colors.bot, color: message.isError ? '#e41e3f' : colors.text }}
                >
                  <span className="sr-only">{settings.socialContactName}: </span>
                  {message.isTyping ? <TypingDots /> : message.content}
                </p>
                <span className="pl-1 text-[11px]" style={{ color: colors.muted }}>
                  {message.timestamp}
                </span>
              </div>
            </div>
          )
        }
      >
        <div className="mb-2 flex flex-col items-center gap-1 text-center">
          <DemoLogo
            url={settings.logoUrl}
            crop={settings.avatarCropPosition}
            scale={settings.avatarScale}
            size={64}
            fallbackColor={isInstagram ? '#c13584' : MESSENGER_BLUE}
          />
          <p className="text-sm font-semibold">{settings.socialContactName}</p>
          <p className="text-xs" style={{ color: colors.muted }}>
            {isInstagram ? 'Instagram' : 'Messenger'} · {statusText}
          </p>
        </div>
      </DemoChatLog>
      <DemoSuggestedReplies
        chat={chat}
        replies={settings.suggestedResponses}
        className="px-4 pb-2"
        chipStyle={{ borderColor: isInstagram ? '#c13584' : MESSENGER_BLUE, color: accentText }}
      />
      <div className="shrink-0 px-3 py-3">
        <ChatComposer
          placeholder={settings.placeholder}
          isSending={chat.isSending}
          disabled={chat.isClosed}
          onSend={chat.send}
          className="rounded-3xl py-0.5 pl-1 pr-1"
          style={{ backgroundColor: colors.input, border: isInstagram ? `1px solid ${colors.border}` : undefined }}
          inputClassName="min-h-9 py-2"
          buttonStyle={
            isInstagram
              ? { backgroundImage: INSTAGRAM_GRADIENT, color: '#ffffff' }
              : { backgroundColor: MESSENGER_BLUE, color: '#ffffff' }
          }
        />
      </div>
    </section>
  );
}
