import type { Agent } from '@agentry/core/agents';
import { AlertCircle, ArrowUp, Bot, MessageSquarePlus, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useTestChat, type TestChatMessage } from '../hooks/use-test-chat';

type TestChatProps = {
  agent: Pick<Agent, 'buildId' | 'aiName' | 'firstMessage' | 'suggestedResponses'>;
  /** Viewers look but do not chat (chatting spends credits). */
  canChat: boolean;
  /** The editor holds changes the chat does not use yet. */
  hasUnsavedChanges?: boolean;
  className?: string;
};

/** The agent page's test chat, beside the editor (below it on small screens). */
export function TestChat({ agent, canChat, hasUnsavedChanges = false, className }: TestChatProps) {
  const { messages, isSending, send, stop, startNewChat } = useTestChat(agent.buildId);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const noteId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const lastContent = messages.at(-1)?.content;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, lastContent]);

  const submit = (text: string) => {
    if (!canChat || isSending || text.trim() === '') return;
    setDraft('');
    void send(text);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };

  // Enter sends; Shift+Enter starts a new line (and so does Enter while composing with an IME).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(draft);
    }
  };

  const newChat = () => {
    startNewChat();
    inputRef.current?.focus();
  };

  const showSuggestions = canChat && messages.length === 0 && agent.suggestedResponses.length > 0;

  return (
    <section
      aria-labelledby="test-chat-heading"
      className={cn(
        'flex min-h-[28rem] flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card',
        className,
      )}
    >
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
        >
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="test-chat-heading" className="text-sm font-semibold">
            Test chat
          </h2>
          <p className="truncate text-xs text-muted-foreground">Talk to the saved version of {agent.aiName}</p>
        </div>
        <Button variant="outline" size="sm" onClick={newChat} disabled={messages.length === 0 && !isSending}>
          <MessageSquarePlus aria-hidden />
          New chat
        </Button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-busy={isSending}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4"
      >
        {agent.firstMessage.trim() ? (
          <ChatBubble message={{ id: 'greeting', role: 'assistant', content: agent.firstMessage, status: 'done' }} />
        ) : null}
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} />
        ))}
        {messages.length === 0 && !agent.firstMessage.trim() ? (
          <p className="m-auto max-w-60 text-center text-sm text-muted-foreground">
            Send a message to see how {agent.aiName} answers.
          </p>
        ) : null}
      </div>

      {showSuggestions ? (
        <div className="flex flex-wrap gap-2 px-4 pb-3" aria-label="Suggested replies" role="group">
          {agent.suggestedResponses.map((reply) => (
            <button
              key={reply}
              type="button"
              onClick={() => submit(reply)}
              className="cursor-pointer rounded-full border border-primary/40 px-3 py-1.5 text-xs font-medium text-primary transition-colors duration-150 hover:bg-primary hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {reply}
            </button>
          ))}
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="border-t border-border p-3">
        {!canChat || hasUnsavedChanges ? (
          <p id={noteId} className="mb-2 flex items-start gap-1.5 text-xs text-muted-foreground">
            <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
            {canChat
              ? 'The chat uses the saved agent. Save to try your changes.'
              : 'Viewers cannot chat with agents: chatting spends credits.'}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <Label htmlFor={inputId} className="sr-only">
            Message
          </Label>
          <Textarea
            id={inputId}
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={!canChat}
            rows={1}
            placeholder="Type your message..."
            aria-describedby={!canChat || hasUnsavedChanges ? noteId : undefined}
            className="max-h-40 min-h-10 resize-none"
          />
          {isSending ? (
            <Button type="button" size="icon" variant="outline" onClick={stop} aria-label="Stop answering">
              <Square className="fill-current" aria-hidden />
            </Button>
          ) : (
            <Button type="submit" size="icon" disabled={!canChat || draft.trim() === ''} aria-label="Send message">
              <ArrowUp aria-hidden />
            </Button>
          )}
        </div>
        <p className="mt-1.5 hidden text-[11px] text-muted-foreground sm:block">
          Enter to send · Shift+Enter for a new line
        </p>
      </form>
    </section>
  );
}

function ChatBubble({ message }: { message: TestChatMessage }) {
  const isUser = message.role === 'user';
  return (
    <div className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}>
      <div
        data-role={message.role}
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
          isUser ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{isUser ? 'You: ' : 'Agent: '}</span>
        {message.content}
        {message.status === 'streaming' && message.content === '' ? (
          <span className="inline-flex gap-1 py-1" aria-label="Agent is typing">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
        ) : null}
        {message.status === 'streaming' && message.content !== '' ? (
          <span aria-hidden className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-current" />
        ) : null}
      </div>
      {message.status === 'failed' ? <span className="text-xs text-destructive">Not answered</span> : null}
      {message.status === 'stopped' ? <span className="text-xs text-muted-foreground">Stopped</span> : null}
    </div>
  );
}
