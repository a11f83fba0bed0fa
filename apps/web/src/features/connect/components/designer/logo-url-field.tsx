import { ImageOff, Move, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

export const INVALID_IMAGE_URL = 'Invalid image URL. Please enter a valid image URL.';

/** Resolves true when the address loads as an image (the only acceptance test for a logo). */
export function checkImageLoads(url: string, timeoutMs = 10_000): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    function finish(isLoaded: boolean) {
      window.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(isLoaded);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });
}

type LogoUrlFieldProps = {
  value: string;
  disabled: boolean;
  onChange: (url: string) => void;
  onAdjust: () => void;
  /** Injected in tests; the browser's image loader otherwise. */
  checkImage?: (url: string) => Promise<boolean>;
};

/** Branding: the logo address, accepted only once the image loads; adjust (logo dialog) and clear. */
export function LogoUrlField({ value, disabled, onChange, onAdjust, checkImage = checkImageLoads }: LogoUrlFieldProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [status, setStatus] = useState<'idle' | 'checking' | 'invalid'>('idle');
  const latest = useRef(0);
  const inputId = useId();
  const errorId = useId();
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setStatus('idle');
  }

  const check = async (candidate: string) => {
    const url = candidate.trim();
    if (url === value) {
      setStatus('idle');
      return;
    }
    if (url === '') {
      setStatus('idle');
      onChange('');
      return;
    }
    const ticket = (latest.current += 1);
    setStatus('checking');
    const isImage = /^https?:\/\//i.test(url) && (await checkImage(url));
    if (ticket !== latest.current) return;
    if (isImage) {
      setStatus('idle');
      onChange(url);
    } else {
      setStatus('invalid');
    }
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Logo URL
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            value={draft}
            disabled={disabled}
            placeholder="https://example.com/logo.png"
            aria-invalid={status === 'invalid' ? true : undefined}
            aria-describedby={status === 'invalid' ? errorId : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              if (status === 'invalid') setStatus('idle');
            }}
            onBlur={() => void check(draft)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void check(draft);
              }
            }}
            className="pr-9"
          />
          {status === 'checking' ? <Spinner label="Checking image" className="absolute right-3 top-3" /> : null}
        </div>
        {value ? (
          <img
            src={value}
            alt="Current logo"
            className="size-10 shrink-0 rounded-[var(--radius-control)] border border-border bg-white object-contain p-1"
          />
        ) : null}
      </div>
      {status === 'invalid' ? (
        <p id={errorId} role="alert" className="flex items-center gap-1.5 text-sm text-red-500">
          <ImageOff className="size-4" aria-hidden />
          {INVALID_IMAGE_URL}
        </p>
      ) : null}
      {value ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onAdjust} disabled={disabled}>
            <Move aria-hidden />
            Adjust logo
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setDraft('');
              onChange('');
            }}
          >
            <X aria-hidden />
            Clear logo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
