import { demoLimits, type DemoCropPosition } from '@agentry/core/demos';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Slider } from '@/components/ui/slider';
import { DemoLogo } from './demo-logo';

type LogoCropControlProps = {
  title: string;
  url: string;
  crop: DemoCropPosition;
  scale: number;
  onChange: (next: { crop: DemoCropPosition; scale: number }) => void;
  shape: 'circle' | 'rounded';
  previewBackground: string;
};

const { min: positionMin, max: positionMax } = demoLimits.logoPosition;

/** Position (X, Y percent) and scale of the logo in one place it shows (docs/product/demos.md#settings, ranges). */
export function LogoCropControl({ title, url, crop, scale, onChange, shape, previewBackground }: LogoCropControlProps) {
  const isDefault = crop.x === 50 && crop.y === 50 && scale === 1;
  return (
    <fieldset className="grid gap-3 rounded-[var(--radius-control)] border border-border p-3">
      <legend className="px-1 text-xs font-semibold">{title}</legend>
      <div className="flex items-center gap-4">
        <span
          className="flex size-20 shrink-0 items-center justify-center rounded-lg"
          style={{ backgroundColor: previewBackground }}
        >
          <DemoLogo url={url} crop={crop} scale={scale} size={56} shape={shape} fallbackColor="rgba(0,0,0,0.25)" />
        </span>
        <div className="grid flex-1 gap-2">
          <SliderRow
            label={`${title}: horizontal position`}
            shortLabel="X"
            value={crop.x}
            min={positionMin}
            max={positionMax}
            step={1}
            format={(value) => `${value}%`}
            onChange={(x) => onChange({ crop: { ...crop, x }, scale })}
          />
          <SliderRow
            label={`${title}: vertical position`}
            shortLabel="Y"
            value={crop.y}
            min={positionMin}
            max={positionMax}
            step={1}
            format={(value) => `${value}%`}
            onChange={(y) => onChange({ crop: { ...crop, y }, scale })}
          />
          <SliderRow
            label={`${title}: scale`}
            shortLabel="Scale"
            value={scale}
            min={demoLimits.logoScale.min}
            max={demoLimits.logoScale.max}
            step={0.1}
            format={(value) => `${value.toFixed(2)}x`}
            onChange={(next) => onChange({ crop, scale: Math.round(next * 10) / 10 })}
          />
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-start"
        disabled={isDefault}
        onClick={() => onChange({ crop: { x: 50, y: 50 }, scale: 1 })}
      >
        <RotateCcw aria-hidden />
        Reset
      </Button>
    </fieldset>
  );
}

type SliderRowProps = {
  label: string;
  shortLabel: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
};

function SliderRow({ label, shortLabel, value, min, max, step, format, onChange }: SliderRowProps) {
  return (
    <div className="grid grid-cols-[3rem_minmax(0,1fr)_3.5rem] items-center gap-2 text-xs">
      <span className="text-muted-foreground">{shortLabel}</span>
      <Slider
        value={[value]}
        min={min}
        max={max}
        step={step}
        onValueChange={([next]) => onChange(next ?? value)}
        thumbLabels={[label]}
      />
      <span className="text-right font-mono tabular-nums">{format(value)}</span>
    </div>
  );
}
