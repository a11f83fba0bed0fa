import type { WidgetSettings } from '@agentry/core/widget';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { applyWidgetSize } from '../../lib/designer-rules';

export const SIZE_HINT = 'Width: 300-600px • Height: 300-700px';

type SizeFieldsProps = {
  width: number;
  height: number;
  disabled: boolean;
  onApply: (size: Pick<WidgetSettings, 'width' | 'height'>) => void;
};

/** Width and height with an Apply button (docs/product/widget.md#settings: clamped to range; a non-numeric entry keeps the value). */
export function SizeFields({ width, height, disabled, onApply }: SizeFieldsProps) {
  const [draft, setDraft] = useState({ width: String(width), height: String(height) });
  const [shown, setShown] = useState({ width, height });
  if (shown.width !== width || shown.height !== height) {
    setShown({ width, height });
    setDraft({ width: String(width), height: String(height) });
  }
  const widthId = useId();
  const heightId = useId();
  const hintId = useId();

  const apply = () => {
    const next = applyWidgetSize(draft, { width, height });
    setDraft({ width: String(next.width), height: String(next.height) });
    if (next.width !== width || next.height !== height) onApply(next);
  };

  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
        <div className="grid gap-2">
          <label htmlFor={widthId} className="text-sm font-medium">
            Width
          </label>
          <Input
            id={widthId}
            inputMode="numeric"
            value={draft.width}
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => setDraft((current) => ({ ...current, width: event.target.value }))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
        </div>
        <div className="grid gap-2">
          <label htmlFor={heightId} className="text-sm font-medium">
            Height
          </label>
          <Input
            id={heightId}
            inputMode="numeric"
            value={draft.height}
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => setDraft((current) => ({ ...current, height: event.target.value }))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
        </div>
        <Button variant="outline" onClick={apply} disabled={disabled}>
          Apply
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {SIZE_HINT}
      </p>
    </div>
  );
}
