import { ArrowUp } from 'lucide-react';
import { useId, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { isSendKey } from '../lib/demo-chat-rules';

type ChatComposerProps = {
  placeholder: string;
  isSending: boolean;
  onSend: (text: string) => unknown;
  /** Disables typing as well as sending (the input is disabled while a reply is pending). */
  disabled?: boolean;
  className?: string;
  inputClassName?: string;
  buttonClassName?: string;
  buttonStyle?: CSSProperties;
  sendLabel?: string;
  style?: CSSProperties;
};

/** The demo chat input: Enter sends, Shift+Enter starts a new line; disabled while sending. */
export function ChatComposer({
  placeholder,
  isSending,
  onSend,
  disabled = false,
  className,
  inputClassName,
  buttonClassName,
  buttonStyle,
  sendLabel = 'Send message',
  style,
}: ChatComposerProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const canSend = !disabled && !isSending && draft.trim() !== '';

  const submit = () => {
    if (!canSend) return;
    const text = draft;
    setDraft('');
    void onSend(text);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className={cn('flex items-center gap-2', className)} style={style}>
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <textarea
        id={inputId}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled || isSending}
        rows={1}
        placeholder={placeholder}
        className={cn(
          'max-h-28 min-h-10 flex-1 resize-none bg-transparent px-3 py-2 text-sm outline-none disabled:cursor-not-allowed disabled:opacity-60',
          inputClassName,
        )}
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label={sendLabel}
        style={buttonStyle}
        className={cn(
          'flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full transition-opacity duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-40',
          buttonClassName,
        )}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
    </form>
  );
}

export function TypingDots({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex gap-1 py-1', className)} role="status" aria-label="Typing">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-current opacity-60 motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

type SuggestedRepliesProps = {
  replies: string[];
  onPick: (reply: string) => unknown;
  disabled?: boolean;
  className?: string;
  chipClassName?: string;
  chipStyle?: CSSProperties;
};

export function SuggestedReplies({
  replies,
  onPick,
  disabled = false,
  className,
  chipClassName,
  chipStyle,
}: SuggestedRepliesProps) {
  if (replies.length === 0) return null;
  return (
    <div role="group" aria-label="Suggested replies" className={cn('flex flex-wrap gap-2', className)}>
      {replies.map((reply) => (
        <button
          key={reply}
          type="button"
          disabled={disabled}
          onClick={() => void onPick(reply)}
          style={chipStyle}
          className={cn(
            'cursor-pointer rounded-full border px-3 py-1.5 text-xs font-medium transition-opacity duration-150 hover:opacity-80 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50',
            chipClassName,
          )}
        >
          {reply}
        </button>
      ))}
    </div>
  );
}
