import { Coins, TriangleAlert } from 'lucide-react';
import type { KeySource } from '../hooks/use-key-source';

/** docs/product/evaluation.md#test-settings: the warning that the user's own API key is used, so token usage matters; else credits. */
export function KeySourceNotice({ source }: { source: KeySource }) {
  if (source === 'unknown') return null;
  if (source === 'own-key') {
    return (
      <div
        role="note"
        className="flex gap-3 rounded-[var(--radius-control)] border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <span className="font-medium">Your own API key is used for this evaluation, so token usage matters.</span>{' '}
          Every simulated conversation, reworded question and judgement is billed to your provider account.
        </p>
      </div>
    );
  }
  return (
    <div
      role="note"
      className="flex gap-3 rounded-[var(--radius-control)] border border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground"
    >
      <Coins className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        No provider key is set for this sub account, so this evaluation uses platform credits for every simulated
        conversation and judgement.
      </p>
    </div>
  );
}
