import type { DemoChat } from '../hooks/use-demo-chat';
import { resolveDemoLook } from '../lib/demo-look';
import type { DemoViewData } from '../lib/demo-view-data';
import { ChatActions } from './chat-actions';
import { ChatComposer, TypingDots } from './chat-composer';
import { DemoChatLog } from './demo-chat-log';
import { DemoLogo } from './demo-logo';
import { DemoSuggestedReplies } from './demo-suggested-replies';

type StandardDemoViewProps = {
  data: DemoViewData;
  chat: DemoChat;
  onShare?: () => void;
  width: number;
  height: number;
};

/** docs/product/demos.md#looks-demo-types, standard chat: header with logo and title, Clear and Share, message list, input. */
export function StandardDemoView({ data, chat, onShare, width, height }: StandardDemoViewProps) {
  const { settings } = data;
  const look = resolveDemoLook(settings);

  return (
    <section
      aria-label={`${settings.assistantName} chat`}
      data-demo-look="standard"
      className="flex flex-col overflow-hidden rounded-2xl shadow-2xl"
      style={{
        width,
        height,
        maxWidth: '100%',
        maxHeight: '100%',
        backgroundColor: look.surface,
        color: look.surfaceText,
        border: `1px solid ${look.border}`,
      }}
    >
      <header
        className="flex shrink-0 items-center gap-3"
        style={{
          height: look.headerHeight,
          paddingInline: look.headerPadding,
          backgroundColor: look.accent,
          color: look.onAccent,
        }}
      >
        <DemoLogo
          url={settings.logoUrl}
          crop={settings.logoCropPosition}
          scale={settings.logoScale}
          size={look.logoSize}
          fallbackColor="rgba(0,0,0,0.2)"
        />
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">{settings.assistantName}</h2>
        <ChatActions
          onClear={chat.clear}
          onShare={onShare}
          buttonClassName="hover:bg-black/10 focus-visible:outline-current"
        />
      </header>
      <DemoChatLog
        chat={chat}
        className="gap-3 p-4"
        renderMessage={(message) =>
          message.type === 'user' ? (
            <div key={message.id} className="flex justify-end">
              <p
                className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md px-3.5 py-2 text-sm"
                style={{ backgroundColor: look.accent, color: look.onAccent }}
              >
                <span className="sr-only">You: </span>
                {message.content}
              </p>
            </div>
          ) : (
            <div key={message.id} className="flex items-end gap-2">
              <DemoLogo
                url={settings.logoUrl}
                crop={settings.avatarCropPosition}
                scale={settings.avatarScale}
                size={28}
                fallbackColor={look.accent}
              />
              <div className="flex max-w-[80%] flex-col gap-1">
                <p
                  className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-md px-3.5 py-2 text-sm"
                  style={{
                    backgroundColor: look.botBubble,
                    color: message.isError ? (look.isDark ? '#fca5a5' : '#b91c1c') : look.surfaceText,
                  }}
                >
                  <span className="sr-only">{settings.assistantName}: </span>
                  {message.isTyping ? <TypingDots /> : message.content}
                </p>
                <span className="text-[11px]" style={{ color: look.mutedText }}>
                  {message.timestamp}
                </span>
              </div>
            </div>
          )
        }
      />
      <DemoSuggestedReplies
        chat={chat}
        replies={settings.suggestedResponses}
        className="px-4 pb-3"
        chipStyle={{ borderColor: look.accent, color: look.isDark ? look.surfaceText : look.accent }}
      />
      <div className="shrink-0 p-3" style={{ borderTop: `1px solid ${look.border}` }}>
        <ChatComposer
          placeholder={settings.placeholder}
          isSending={chat.isSending}
          disabled={chat.isClosed}
          onSend={chat.send}
          className="rounded-xl p-1"
          inputClassName="placeholder:opacity-60"
          buttonStyle={{ backgroundColor: look.accent, color: look.onAccent }}
        />
      </div>
    </section>
  );
}
