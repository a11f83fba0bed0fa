import { parseAiError } from '@agentry/core/ai-error-parsing';
import {
  DEFAULT_ERROR_ADVICE,
  getErrorAdvice,
  getErrorDialogEntry,
  isErrorDialogType,
} from '@agentry/core/error-dialog';
import { buildSupportMessage, DEFAULT_API_ERROR_MESSAGE } from '@agentry/core/error-messages';
import { formatSupportReference } from '@agentry/core/support-reference';
import { Check, ChevronRight, CircleAlert, Copy, Lightbulb, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { requestSignIn } from '@/lib/sign-in-events';

/** What the dialog shows (docs/product/README.md#errors, error object plus the retry hook). */
export type ErrorDialogDetails = {
  /** An AI error type (docs/product/README.md#errors) or a server error code (docs/product/README.md#errors). */
  type?: string;
  message: string;
  advice: string;
  /** A tip or context line under the advice. */
  context?: string;
  supportId?: string;
  /** Shown under 'Technical details'. */
  technicalDetails?: string;
  onRetry?: () => void;
};

type ShowErrorDialogOptions = { onRetry?: () => void; context?: string };

// A tiny store so any code (query handlers, event callbacks) can open the one dialog.
let current: ErrorDialogDetails | null = null;
const listeners = new Set<() => void>();

function publish(next: ErrorDialogDetails | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the error dialog for anything that failed: an ApiError, a structured body
 * `{ error: { code, message, support_id } }`, an evaluation error object
 * `{ type, message, advice, context, supportId, originalError }`, an Error or a string.
 */
export function showErrorDialog(errorLike: unknown, options: ShowErrorDialogOptions = {}) {
  const details = toErrorDialogDetails(errorLike);
  publish({ ...details, context: options.context ?? details.context, onRetry: options.onRetry });
}

export function closeErrorDialog() {
  publish(null);
}

function readRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function describeTechnically(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return 'Details could not be shown.';
  }
}

/** Normalises what callers hand in; exported for tests and for callers that render their own view. */
export function toErrorDialogDetails(errorLike: unknown): ErrorDialogDetails {
  if (errorLike instanceof ApiError) {
    return fromStructured({
      code: errorLike.code,
      message: errorLike.message,
      supportId: errorLike.supportId,
      status: errorLike.status,
      body: errorLike.body,
      technicalDetails: describeTechnically({ status: errorLike.status, body: errorLike.body }),
    });
  }

  const record = readRecord(errorLike);
  const structured = readRecord(record?.error);
  if (!(errorLike instanceof Error) && structured && (readText(structured.code) || readText(structured.message))) {
    return fromStructured({
      code: readText(structured.code),
      message: readText(structured.message),
      supportId: readText(structured.support_id),
      body: errorLike,
      technicalDetails: describeTechnically(errorLike),
    });
  }

  // An evaluation error object that was already parsed.
  if (!(errorLike instanceof Error) && record && readText(record.type) && readText(record.message)) {
    const type = readText(record.type);
    return {
      type,
      message: readText(record.message) ?? DEFAULT_API_ERROR_MESSAGE,
      advice: readText(record.advice) ?? getErrorAdvice(type),
      context: readText(record.context),
      supportId: readText(record.supportId),
      technicalDetails: describeTechnically(record.originalError),
    };
  }

  const parsed = parseAiError(errorLike instanceof Error || typeof errorLike === 'string' ? errorLike : undefined);
  const isKnown = parsed.type !== 'unknown_error';
  return {
    type: isKnown ? parsed.type : undefined,
    message: isKnown
      ? parsed.message
      : ((errorLike instanceof Error ? readText(errorLike.message) : readText(errorLike)) ?? DEFAULT_API_ERROR_MESSAGE),
    advice: isKnown ? parsed.advice : DEFAULT_ERROR_ADVICE,
    technicalDetails: describeTechnically(errorLike),
  };
}

function fromStructured(input: {
  code?: string;
  message?: string;
  supportId?: string;
  status?: number;
  body?: unknown;
  technicalDetails?: string;
}): ErrorDialogDetails {
  const base = { supportId: input.supportId, technicalDetails: input.technicalDetails };
  if (isErrorDialogType(input.code)) {
    return {
      ...base,
      type: input.code,
      message: input.message ?? DEFAULT_API_ERROR_MESSAGE,
      advice: getErrorAdvice(input.code),
    };
  }
  // AI provider failures (quota, key, model) carry their own codes with their own texts (docs/product/README.md#errors).
  const parsed = parseAiError({ status: input.status, body: input.body, code: input.code, message: input.message });
  if (parsed.type !== 'unknown_error')
    return { ...base, type: parsed.type, message: parsed.message, advice: parsed.advice };
  return {
    ...base,
    type: input.code,
    message: input.message ?? DEFAULT_API_ERROR_MESSAGE,
    advice: getErrorAdvice(input.code),
  };
}

function useCopiedFlag() {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), 2000);
    } catch (error) {
      console.warn('Copying to the clipboard failed', error);
    }
  }, []);
  return { isCopied, copy };
}

/** docs/product/README.md#errors, 'Structured API error display'. Mount once, in the root layout. */
export function ErrorDialogHost() {
  const details = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <Dialog open={details !== null} onOpenChange={(open) => (open ? undefined : closeErrorDialog())}>
      {details ? <ErrorDialogBody details={details} /> : null}
    </Dialog>
  );
}

function ErrorDialogBody({ details }: { details: ErrorDialogDetails }) {
  const navigate = useNavigate();
  const entry = getErrorDialogEntry(details.type);
  const reference = details.supportId ? formatSupportReference(details.supportId) : undefined;
  const referenceCopy = useCopiedFlag();
  const messageCopy = useCopiedFlag();
  const { onRetry } = details;
  const action = entry.action;

  const runAction = () => {
    if (!action) return;
    closeErrorDialog();
    if (action.href === '/api/auth/signin') {
      requestSignIn({ reason: 'user', callbackUrl: window.location.pathname + window.location.search });
    } else {
      void navigate(action.href);
    }
  };

  return (
    <DialogContent className="max-w-md">
      <DialogHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1.5">
          <DialogTitle>{entry.title}</DialogTitle>
          <DialogDescription className="text-foreground">{details.message}</DialogDescription>
        </div>
      </DialogHeader>

      <p className="text-sm text-muted-foreground">{details.advice}</p>

      {details.context ? (
        <p className="flex gap-2 rounded-[var(--radius-control)] bg-muted p-3 text-sm">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>{details.context}</span>
        </p>
      ) : null}

      {reference ? (
        <div className="flex items-center justify-between gap-2 rounded-[var(--radius-control)] border border-border px-3 py-2">
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">Reference Code</p>
            <p className="truncate font-mono text-sm" data-testid="error-reference">
              {reference}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={referenceCopy.isCopied ? 'Reference code copied' : 'Copy reference code'}
            onClick={() => void referenceCopy.copy(reference)}
          >
            {referenceCopy.isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          </Button>
        </div>
      ) : null}

      {details.technicalDetails ? (
        <details className="group rounded-[var(--radius-control)] border border-border text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 transition-transform duration-150 group-open:rotate-90" aria-hidden />
            Technical details
          </summary>
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words border-t border-border px-3 py-2 font-mono text-xs text-muted-foreground">
            {details.type ? `type: ${details.type}\n` : ''}
            {details.technicalDetails}
          </pre>
        </details>
      ) : null}

      <DialogFooter className="sm:justify-between">
        <Button
          variant="outline"
          onClick={() =>
            void messageCopy.copy(buildSupportMessage({ message: details.message, supportId: details.supportId }))
          }
        >
          {messageCopy.isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {messageCopy.isCopied ? 'Copied' : 'Copy support message'}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {entry.canRetry && onRetry ? (
            <Button
              variant={action ? 'outline' : 'default'}
              onClick={() => {
                closeErrorDialog();
                onRetry();
              }}
            >
              <RotateCw aria-hidden />
              Retry
            </Button>
          ) : null}
          {action ? <Button onClick={runAction}>{action.label}</Button> : null}
          {!action && !(entry.canRetry && onRetry) ? <Button onClick={closeErrorDialog}>Close</Button> : null}
        </div>
      </DialogFooter>
    </DialogContent>
  );
}
