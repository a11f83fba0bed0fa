import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

type ClientMessageCardProps = {
  header: string;
  body: string;
  position: 'left' | 'right';
  onClose: () => void;
  className?: string;
};

/** docs/product/demos.md#looks-demo-types: the creator's note to the client beside the demo (header, body, closable, left or right). */
export function ClientMessageCard({ header, body, position, onClose, className }: ClientMessageCardProps) {
  return (
    <aside
      aria-label="Message from the demo creator"
      data-position={position}
      className={cn(
        'relative w-72 max-w-[calc(100%-1.5rem)] rounded-2xl border border-black/10 bg-white p-4 pr-10 text-slate-900 shadow-2xl',
        className,
      )}
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Dismiss message"
        className="absolute right-2 top-2 cursor-pointer rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        <X className="size-4" aria-hidden />
      </button>
      {header ? <h2 className="text-sm font-semibold">{header}</h2> : null}
      {body ? <p className="mt-1 whitespace-pre-wrap text-sm leading-relaxed text-slate-600">{body}</p> : null}
    </aside>
  );
}
