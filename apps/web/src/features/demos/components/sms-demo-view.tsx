import { ChevronLeft } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { DemoChat } from '../hooks/use-demo-chat';
import type { DemoViewData } from '../lib/demo-view-data';
import { ChatActions } from './chat-actions';
import { ChatComposer, TypingDots } from './chat-composer';
import { DemoChatLog } from './demo-chat-log';
import { DemoLogo } from './demo-logo';
import { DemoSuggestedReplies } from './demo-suggested-replies';

const IMESSAGE_BLUE = '#0a84ff';

type SmsDemoViewProps = { data: DemoViewData; chat: DemoChat; onShare?: () => void; height: number };

/** docs/product/demos.md#looks-demo-types, sms: a phone frame in the Messages look, header 'Messages', input placeholder 'iMessage'. */
export function SmsDemoView({ data, chat, onShare, height }: SmsDemoViewProps) {
  const { settings } = data;
  const isDark = settings.theme === 'dark';
  const screen = isDark
    ? { background: '#000000', text: '#ffffff', muted: '#8e8e93', bot: '#26252a', bar: 'rgba(28,28,30,0.94)' }
    : { background: '#ffffff', text: '#000000', muted: '#8e8e93', bot: '#e9e9eb', bar: 'rgba(249,249,249,0.94)' };
  const frameHeight = Math.max(560, Math.min(height, 720));

  return (
    <section
      aria-label={`${settings.assistantName} messages`}
      data-demo-look="sms"
      className="relative flex max-w-full flex-col overflow-hidden rounded-[48px] border-[10px] border-neutral-900 shadow-2xl ring-1 ring-white/10"
      style={{ width: 350, height: frameHeight, backgroundColor: screen.background, color: screen.text }}
    >
      <div aria-hidden className="absolute left-1/2 top-2 z-10 h-6 w-28 -translate-x-1/2 rounded-full bg-neutral-900" />
      <div aria-hidden className="flex h-10 shrink-0 items-end justify-between px-7 pb-1 text-xs font-semibold">
        <span>9:41</span>
        <span className="tracking-tighter">●●● ▮</span>
      </div>
      <header
        className="shrink-0 border-b px-3 pb-2 pt-1"
        style={{ backgroundColor: screen.bar, borderColor: isDark ? '#38383a' : '#d1d1d6' }}
      >
        <div className="flex items-center justify-between">
          <h2 className="flex items-center text-[15px]" style={{ color: IMESSAGE_BLUE }}>
            <ChevronLeft className="size-5" aria-hidden />
            Messages
          </h2>
          <ChatActions
            onClear={chat.clear}
            onShare={onShare}
            buttonClassName="h-7 px-2 text-[#0a84ff] hover:bg-black/5 focus-visible:outline-[#0a84ff]"
          />
        </div>
        <div className="mt-1 flex flex-col items-center gap-0.5">
          <DemoLogo
            url={settings.logoUrl}
            crop={settings.avatarCropPosition}
            scale={settings.avatarScale}
            size={40}
            fallbackColor="#8e8e93"
          />
          <p className="text-[11px]">{settings.assistantName}</p>
        </div>
      </header>
      <DemoChatLog
        chat={chat}
        className="gap-1.5 px-3 py-3"
        renderMessage={(message) =>
          message.type === 'user' ? (
            <p
              key={message.id}
              className="max-w-[75%] self-end whitespace-pre-wrap break-words rounded-[18px] px-3 py-1.5 text-[15px] leading-snug text-white"
              style={{ backgroundColor: IMESSAGE_BLUE }}
            >
              <span className="sr-only">You: </span>
              {message.content}
            </p>
          ) : (
            <p
              key={message.id}
              className="max-w-[75%] self-start whitespace-pre-wrap break-words rounded-[18px] px-3 py-1.5 text-[15px] leading-snug"
              style={{ backgroundColor: screen.bot, color: message.isError ? '#ff453a' : screen.text }}
            >
              <span className="sr-only">
                {settings.assistantName} at {message.timestamp}:{' '}
              </span>
              {message.isTyping ? <TypingDots /> : message.content}
            </p>
          )
        }
      >
        <p className="mb-1 text-center text-[11px]" style={{ color: screen.muted }}>
          iMessage · Today 10:30 AM
        </p>
      </DemoChatLog>
      <DemoSuggestedReplies
        chat={chat}
        replies={settings.suggestedResponses}
        className="px-3 pb-2"
        chipClassName="border-[#0a84ff] text-[#0a84ff]"
      />
      <div className="shrink-0 px-3 pb-6 pt-2">
        <ChatComposer
          placeholder="iMessage"
          isSending={chat.isSending}
          disabled={chat.isClosed}
          onSend={chat.send}
          className={cn('rounded-[20px] border py-0.5 pl-1 pr-1', isDark ? 'border-[#38383a]' : 'border-[#c7c7cc]')}
          inputClassName="min-h-8 py-1.5 text-[15px]"
          buttonClassName="size-7 bg-[#0a84ff] text-white"
        />
      </div>
    </section>
  );
}
