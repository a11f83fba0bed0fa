import { demoMessages } from '@agentry/core/demo-rules';
import type { DemoCorner } from '@agentry/core/demos';
import { cn } from '@/lib/cn';

const cornerClasses: Record<DemoCorner, string> = {
  'bottom-right': 'bottom-3 right-3',
  'bottom-left': 'bottom-3 left-3',
  'top-right': 'top-3 right-3',
  'top-left': 'top-3 left-3',
};

/** docs/product/demos.md#looks-demo-types: 'N / M requests used' in one of four corners (default bottom-right). */
export function RequestCounterBadge({
  used,
  limit,
  position = 'bottom-right',
  className,
}: {
  used: number;
  limit: number;
  position?: DemoCorner;
  className?: string;
}) {
  const isExhausted = used >= limit;
  return (
    <p
      role="status"
      aria-label="Requests used"
      className={cn(
        'absolute z-30 rounded-full border px-3 py-1 text-xs font-medium shadow-lg backdrop-blur',
        isExhausted ? 'border-red-400/40 bg-red-950/80 text-red-100' : 'border-white/15 bg-black/60 text-white',
        cornerClasses[position],
        className,
      )}
    >
      {demoMessages.requestCounter(used, limit)}
    </p>
  );
}
