import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

export const CODE_COPIED = 'Code copied to clipboard!';

/** A read-only snippet with a Copy button ('Code copied to clipboard!'). */
export function CopyCodeBlock({ code, label }: { code: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      toast.success(CODE_COPIED);
    } catch {
      toast.error('Copy failed. Select the code and copy it yourself.');
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copy()}
          aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
        >
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto whitespace-pre-wrap break-all rounded-[var(--radius-control)] border border-border bg-background p-3 font-mono text-xs leading-relaxed text-foreground"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
