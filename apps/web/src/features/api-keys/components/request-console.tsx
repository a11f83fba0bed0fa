import { ChevronRight, Eye, EyeOff, RotateCcw, Send, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { sendChatCompletion, type ConsoleResult } from '../api/chat-completions';

type RequestConsoleProps = {
  agentId: string | null;
  /** The key created in this visit, offered so the user need not paste it. */
  apiKey: string;
  onApiKeyChange: (key: string) => void;
};

/** Sends a real POST /v1/chat/completions with the chosen key and agent, and shows the answer. */
export function RequestConsole({ agentId, apiKey, onApiKeyChange }: RequestConsoleProps) {
  const ids = { key: useId(), message: useId(), stream: useId() };
  const [message, setMessage] = useState('Hello! What can you help me with?');
  const [isStreaming, setIsStreaming] = useState(true);
  const [isKeyVisible, setIsKeyVisible] = useState(false);
  const [threadId, setThreadId] = useState<string | null>(null);
  const [result, setResult] = useState<ConsoleResult | null>(null);
  const [liveText, setLiveText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  // Another agent means another conversation.
  const [threadAgent, setThreadAgent] = useState(agentId);
  if (threadAgent !== agentId) {
    setThreadAgent(agentId);
    setThreadId(null);
  }

  const canSend = agentId !== null && apiKey.trim() !== '' && message.trim() !== '' && !isSending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || !agentId) return;
    const current = new AbortController();
    controller.current = current;
    setIsSending(true);
    setResult(null);
    setFailure(null);
    setLiveText(isStreaming ? '' : null);
    try {
      const answer = await sendChatCompletion({
        apiKey,
        agentId,
        message: message.trim(),
        stream: isStreaming,
        threadId,
        signal: current.signal,
        onText: setLiveText,
      });
      setResult(answer);
      if (!answer.isError && answer.threadId) setThreadId(answer.threadId);
    } catch (error) {
      if (!current.signal.aborted)
        setFailure(
          error instanceof Error && error.name !== 'TypeError' ? error.message : 'Unable to connect to the service.',
        );
    } finally {
      setLiveText(null);
      setIsSending(false);
      if (controller.current === current) controller.current = null;
    }
  };

  const shownText = liveText ?? result?.text ?? null;

  return (
    <section
      aria-labelledby="console-heading"
      className="flex min-w-0 flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <div>
        <h2 id="console-heading" className="text-base font-semibold">
          Request console
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          A real call to the public API, exactly as your code would make it.
        </p>
      </div>

      <form onSubmit={(event) => void send(event)} className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.key}>API key</Label>
          <div className="flex gap-2">
            <Input
              id={ids.key}
              type={isKeyVisible ? 'text' : 'password'}
              value={apiKey}
              onChange={(event) => onApiKeyChange(event.target.value)}
              placeholder="agt_…"
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs"
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={() => setIsKeyVisible((visible) => !visible)}
              aria-label={isKeyVisible ? 'Hide API key' : 'Show API key'}
            >
              {isKeyVisible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            A key you create on this page is filled in for you. It is kept in this tab only.
          </p>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.message}>Message</Label>
          <Textarea id={ids.message} value={message} onChange={(event) => setMessage(event.target.value)} rows={3} />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Switch id={ids.stream} checked={isStreaming} onCheckedChange={setIsStreaming} />
            <Label htmlFor={ids.stream}>Stream the answer</Label>
          </div>
          <div className="flex gap-2">
            {threadId ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => setThreadId(null)}>
                <RotateCcw aria-hidden />
                New thread
              </Button>
            ) : null}
            {isSending ? (
              <Button type="button" variant="outline" onClick={() => controller.current?.abort()}>
                <Square className="fill-current" aria-hidden />
                Stop
              </Button>
            ) : (
              <Button type="submit" disabled={!canSend}>
                <Send aria-hidden />
                Send request
              </Button>
            )}
          </div>
        </div>
        {agentId === null ? (
          <p className="text-xs text-muted-foreground">Pick an agent above to send a request.</p>
        ) : null}
      </form>

      <div aria-live="polite" aria-busy={isSending} className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-medium">Response</h3>
          {result ? <Badge variant={result.isError ? 'error' : 'success'}>{result.status}</Badge> : null}
          {result ? <span className="text-xs text-muted-foreground">{Math.round(result.durationMs)} ms</span> : null}
          {threadId ? <span className="truncate text-xs text-muted-foreground">thread {threadId}</span> : null}
        </div>
        <div
          data-testid="console-response"
          className={`min-h-24 whitespace-pre-wrap break-words rounded-[var(--radius-control)] border p-3 text-sm ${result?.isError || failure ? 'border-destructive/40 bg-destructive/5' : 'border-border bg-muted'}`}
        >
          {failure ? (
            <span className="text-destructive">{failure}</span>
          ) : shownText !== null ? (
            <>
              {shownText}
              {isSending && shownText === '' ? <Spinner className="text-muted-foreground" /> : null}
            </>
          ) : isSending ? (
            <span className="inline-flex items-center gap-2 text-muted-foreground">
              <Spinner /> Waiting for the answer…
            </span>
          ) : (
            <span className="text-muted-foreground">The answer appears here.</span>
          )}
        </div>
        {result ? (
          <details className="group rounded-[var(--radius-control)] border border-border text-sm">
            <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
              <ChevronRight className="size-4 transition-transform duration-150 group-open:rotate-90" aria-hidden />
              Raw response
            </summary>
            <pre className="max-h-72 overflow-auto border-t border-border p-3 font-mono text-xs text-muted-foreground">
              {result.raw}
            </pre>
          </details>
        ) : null}
      </div>
    </section>
  );
}
