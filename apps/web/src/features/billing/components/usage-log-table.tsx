import { ReceiptText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import type { UsageLogEntry } from '../api/usage';

// Calls cost fractions of a credit: show them to the millicredit.
const costFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const timestampFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatTimestamp(value: string | null) {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timestampFormat.format(date);
}

/** The usage log (docs/product/billing-and-credits.md#credit-meter-and-usage): timestamp, model (default 'unknown'), cost (else 0), usage_total. */
export function UsageLogTable({ logs }: { logs: readonly UsageLogEntry[] }) {
  if (logs.length === 0) {
    return (
      <EmptyState
        icon={ReceiptText}
        title="No usage yet"
        description="Each call your agents make is listed here with its model and cost."
        className="w-full max-w-none py-10"
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Usage log</caption>
        <thead className="bg-muted/60 text-left text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Time
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Model
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              Credits
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              Tokens
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {logs.map((log, index) => (
            <tr key={`${log.timestamp ?? 'none'}-${index}`}>
              <td className="whitespace-nowrap px-4 py-2.5 text-muted-foreground">{formatTimestamp(log.timestamp)}</td>
              <td className="px-4 py-2.5 font-mono text-xs">{log.model}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{costFormat.format(log.cost)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">
                {log.usageTotal === null ? '—' : log.usageTotal.toLocaleString('en-US')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
