import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';

type CopyButtonProps = { text: string; label: string; showLabel?: boolean } & Pick<
  ButtonProps,
  'variant' | 'size' | 'className'
>;

/** Copies `text`; the button says so for two seconds. Failure shows the text to copy by hand. */
export function CopyButton({ text, label, showLabel = false, variant = 'ghost', size, className }: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error(`Copy failed. Here's the text: ${text}`, { duration: 10_000 });
    }
  };

  return (
    <Button
      type="button"
      variant={variant}
      size={size ?? (showLabel ? 'sm' : 'icon-sm')}
      className={className}
      onClick={() => void copy()}
      aria-label={showLabel ? undefined : isCopied ? 'Copied' : label}
    >
      {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {showLabel ? (isCopied ? 'Copied' : label) : null}
    </Button>
  );
}

/** A block of code with its copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="relative min-w-0 rounded-[var(--radius-control)] border border-border bg-muted">
      <pre className="max-h-80 overflow-auto p-4 pr-12 font-mono text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={label} className="absolute right-2 top-2 bg-card/80" />
    </div>
  );
}
