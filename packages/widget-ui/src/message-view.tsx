import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { shouldShowSuggestedReplies } from '@agentry/core/widget-rules';
import type { ChatWidgetMessage, ChatWidgetSettings } from './chat-widget-types';
import { SendIcon, SparkIcon } from './icons';
import { LogoImage } from './logo-image';
import { Markdown } from './markdown';
import type { ResolvedWidgetTexts } from './resolve-widget-texts';

type MessageViewProps = {
  settings: ChatWidgetSettings;
  texts: ResolvedWidgetTexts;
  messages: readonly ChatWidgetMessage[];
  isPending: boolean;
  /** The conversation cannot continue: no typing, sending or suggested replies. */
  isDisabled?: boolean;
  onSend: (text: string) => void;
  onSuggestedReply: (text: string) => void;
};

const composerMaxHeight = 120;

/** A message's time of day in the widget's language ('10:30 AM', '10:30'). */
function timeFormatFor(language: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
  } catch {
    return new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });
  }
}

// preact/compat passes the native event itself; React wraps it in nativeEvent.
function isComposing(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  const native =
    (event.nativeEvent as globalThis.KeyboardEvent | undefined) ?? (event as unknown as globalThis.KeyboardEvent);
  return native.isComposing;
}

/** Message list (aria-live), typing indicator, suggested replies and the composer. */
export function MessageView({
  settings,
  texts,
  messages,
  isPending,
  isDisabled = false,
  onSend,
  onSuggestedReply,
}: MessageViewProps) {
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastMessage = messages[messages.length - 1];
  const isTyping = isPending && lastMessage?.sender !== 'agent';
  const canSend = !isPending && !isDisabled && draft.trim() !== '';
  const showSuggestions = !isPending && !isDisabled && shouldShowSuggestedReplies(messages.length, texts.suggestions);
  const timeFormat = useMemo(() => timeFormatFor(settings.language), [settings.language]);
  const formatTime = (timestamp: number) => timeFormat.format(timestamp);
  const avatarUrl = settings.showAdditionalLogos && settings.avatarLogoUrl ? settings.avatarLogoUrl : settings.logoUrl;
  const hasAvatarLogo = settings.useLogoForAvatar && avatarUrl !== '';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, lastMessage?.content, isTyping]);

  const resizeInput = () => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, composerMaxHeight)}px`;
  };

  const submit = () => {
    if (!canSend) return;
    onSend(draft.trim());
    setDraft('');
    requestAnimationFrame(resizeInput);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isComposing(event)) return;
    event.preventDefault();
    submit();
  };

  const avatar = (
    <span className="aw-avatar" aria-hidden="true">
      {hasAvatarLogo ? (
        <LogoImage
          key={avatarUrl}
          url={avatarUrl}
          position={settings.avatarLogoCropPosition}
          scale={settings.avatarLogoScale}
          size={28}
          className="aw-logo-round"
        />
      ) : (
        <SparkIcon className="aw-icon-sm" />
      )}
    </span>
  );

  return (
    <div className="aw-body">
      <div
        className="aw-messages"
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-busy={isPending}
        aria-label={texts.title}
        tabIndex={0}
      >
        {messages.map((message) => (
          <div key={message.id} className={`aw-row aw-row-${message.sender}`}>
            {message.sender === 'agent' ? avatar : null}
            <div className={`aw-message aw-message-${message.sender}${message.isError ? ' aw-message-error' : ''}`}>
              <span className="aw-sr-only">{message.sender === 'user' ? texts.you : texts.aiName}: </span>
              {message.sender === 'agent' ? (
                <Markdown text={message.content} />
              ) : (
                <p className="aw-plain" dir="auto">
                  {message.content}
                </p>
              )}
              {message.isError ? null : (
                <time className="aw-time" dateTime={new Date(message.timestamp).toISOString()}>
                  {formatTime(message.timestamp)}
                </time>
              )}
            </div>
          </div>
        ))}
        {isTyping ? (
          <div className="aw-row aw-row-agent">
            {avatar}
            <div className="aw-typing" role="status">
              <span className="aw-dots" aria-hidden="true">
                <i />
                <i />
                <i />
              </span>
              <span className="aw-typing-text">{texts.typingLine}</span>
            </div>
          </div>
        ) : null}
      </div>
      {showSuggestions ? (
        <div className="aw-suggestions">
          {texts.suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className="aw-chip" onClick={() => onSuggestedReply(suggestion)}>
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}
      <form className="aw-composer" onSubmit={onSubmit}>
        <textarea
          ref={inputRef}
          className="aw-input"
          rows={1}
          value={draft}
          placeholder={texts.placeholder}
          aria-label={texts.placeholder}
          maxLength={4000}
          disabled={isDisabled}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            resizeInput();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="aw-send" aria-label={texts.send} disabled={!canSend}>
          <SendIcon className="aw-icon aw-flip-rtl" />
        </button>
      </form>
    </div>
  );
}
