import type { WidgetSettings } from '@agentry/core/widget';
import { Check, Info } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Slider } from '@/components/ui/slider';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import {
  applyLogo,
  DEFAULT_LOGO_PLACEMENT,
  dragPosition,
  formatLogoScale,
  LOGO_NUDGE_PERCENT,
  logoSettingsPatch,
  moveLogo,
  nudgeLogo,
  openLogoDialog,
  placementsFromSettings,
  resetLogo,
  scaleLogo,
  switchLogoTab,
  type LogoDialogState,
  type LogoTab,
} from '../../lib/logo-dialog-state';

type LogoDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  logoUrl: string;
  settings: WidgetSettings;
  /** Apply and Reset write the active tab's placement into the form. */
  onApply: (patch: Partial<WidgetSettings>) => void;
};

/** docs/product/widget.md#the-designer-connectidwebsite-widget, 'Logo Position & Scale': shown only when a logo address exists. */
export function LogoDialog({ open, onOpenChange, logoUrl, settings, onApply }: LogoDialogProps) {
  if (!logoUrl) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open ? (
          <LogoDialogBody logoUrl={logoUrl} settings={settings} onApply={onApply} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const frames: Record<LogoTab, { width: number; height: number; logoBase: number; caption: string; className: string }> =
  {
    avatar: {
      width: 200,
      height: 200,
      logoBase: 160,
      caption: 'This is how your logo will appear as chat avatar',
      className: 'rounded-[12px] bg-[#e5e7eb]',
    },
    widget: {
      width: 300,
      height: 120,
      logoBase: 72,
      caption: 'This is how your logo will appear in widget header',
      className: 'rounded-[12px] bg-[#16a34a]',
    },
  };

function LogoDialogBody({
  logoUrl,
  settings,
  onApply,
  onClose,
}: {
  logoUrl: string;
  settings: WidgetSettings;
  onApply: LogoDialogProps['onApply'];
  onClose: () => void;
}) {
  // Opening copies the saved values of both tabs into the temporary ones.
  const [state, setState] = useState<LogoDialogState>(() => openLogoDialog(placementsFromSettings(settings)));
  const tab = state.activeTab;
  const placement = state.temp[tab];

  const apply = () => {
    const next = applyLogo(state);
    setState(next);
    onApply(logoSettingsPatch(tab, next.saved[tab]));
  };
  const reset = () => {
    setState(resetLogo(state));
    onApply(logoSettingsPatch(tab, DEFAULT_LOGO_PLACEMENT));
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Logo Position & Scale</DialogTitle>
        <DialogDescription>Place your logo separately for the chat avatar and the widget header.</DialogDescription>
      </DialogHeader>

      <Tabs
        value={tab}
        onValueChange={(value) => setState(switchLogoTab(state, value === 'widget' ? 'widget' : 'avatar'))}
      >
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="avatar" className="flex-1 sm:flex-none">
            Chat Avatar
            {state.applied.avatar ? (
              <>
                <Check className="size-4 text-success" aria-hidden />
                <span className="sr-only">, applied</span>
              </>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="widget" className="flex-1 sm:flex-none">
            Widget Header
            {state.applied.widget ? (
              <>
                <Check className="size-4 text-success" aria-hidden />
                <span className="sr-only">, applied</span>
              </>
            ) : null}
          </TabsTrigger>
        </TabsList>
      </Tabs>

      <div className="grid gap-6 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            <div className="flex items-center justify-between text-sm">
              <span id="logo-scale-label" className="font-medium">
                Scale
              </span>
              <output aria-live="polite" className="font-mono tabular-nums">
                {formatLogoScale(placement.scale)}
              </output>
            </div>
            <Slider
              min={0.5}
              max={3}
              step={0.1}
              value={[placement.scale]}
              thumbLabels={['Logo scale']}
              onValueChange={(values) =>
                setState((current) => scaleLogo(current, values[0] ?? current.temp[current.activeTab].scale))
              }
            />
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-[var(--radius-control)] border border-border px-3 py-2">
              <dt className="text-xs text-muted-foreground">X position</dt>
              <dd className="font-mono tabular-nums">{Math.round(placement.position.x)}%</dd>
            </div>
            <div className="rounded-[var(--radius-control)] border border-border px-3 py-2">
              <dt className="text-xs text-muted-foreground">Y position</dt>
              <dd className="font-mono tabular-nums">{Math.round(placement.position.y)}%</dd>
            </div>
          </dl>
          <div className="rounded-[var(--radius-control)] border border-sky-500/30 bg-sky-500/10 p-3 text-sm">
            <p className="mb-2 flex items-center gap-2 font-medium">
              <Info className="size-4" aria-hidden />
              How to adjust
            </p>
            <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
              <li>Drag the logo in the preview to reposition it (or focus it and use the arrow keys)</li>
              <li>Use the slider to resize it</li>
              <li>Click Apply to save this tab</li>
              <li>Reset restores the defaults</li>
            </ul>
          </div>
        </div>

        <LogoPreview tab={tab} logoUrl={logoUrl} state={state} setState={setState} />
      </div>

      <DialogFooter className="sm:justify-between">
        <Button variant="ghost" onClick={reset}>
          Reset
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </div>
      </DialogFooter>
    </>
  );
}

type LogoPreviewProps = {
  tab: LogoTab;
  logoUrl: string;
  state: LogoDialogState;
  setState: (update: (current: LogoDialogState) => LogoDialogState) => void;
};

/** The dashed-border live preview with faint centre guides; the logo drags with the pointer (or the arrow keys). */
function LogoPreview({ tab, logoUrl, state, setState }: LogoPreviewProps) {
  const frame = frames[tab];
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; start: { x: number; y: number } } | null>(
    null,
  );
  const [isDragging, setIsDragging] = useState(false);
  const { position, scale } = state.temp[tab];

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, start: position };
    setIsDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const rect = frameRef.current?.getBoundingClientRect();
    const next = dragPosition({
      start: current.start,
      deltaX: event.clientX - current.startX,
      deltaY: event.clientY - current.startY,
      width: rect?.width || frame.width,
      height: rect?.height || frame.height,
    });
    setState((value) => moveLogo(value, next));
  };
  const endDrag = () => {
    drag.current = null;
    setIsDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? LOGO_NUDGE_PERCENT * 10 : LOGO_NUDGE_PERCENT;
    const deltas: Record<string, { x: number; y: number }> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const delta = deltas[event.key];
    if (!delta) return;
    event.preventDefault();
    setState((value) => nudgeLogo(value, delta));
  };

  return (
    <figure className="grid content-start justify-items-center gap-3">
      <div className="flex w-full items-center justify-center rounded-[var(--radius-card)] border-2 border-dashed border-border bg-background/50 p-6">
        <div
          ref={frameRef}
          data-testid="logo-preview-frame"
          className={cn('relative overflow-hidden', frame.className)}
          style={{ width: frame.width, height: frame.height, maxWidth: '100%' }}
        >
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-1/2 w-px bg-black/15" />
          <span aria-hidden className="pointer-events-none absolute inset-x-0 top-1/2 h-px bg-black/15" />
          <button
            type="button"
            aria-label={`Logo at X ${Math.round(position.x)}%, Y ${Math.round(position.y)}%. Drag or use the arrow keys to move it.`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onKeyDown}
            className={cn(
              'absolute touch-none select-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
              isDragging ? 'cursor-grabbing' : 'cursor-grab',
            )}
            style={{
              left: `${position.x}%`,
              top: `${position.y}%`,
              transform: `translate(-50%, -50%) scale(${scale})`,
              width: frame.logoBase,
              height: frame.logoBase,
            }}
          >
            <img src={logoUrl} alt="" draggable={false} className="pointer-events-none size-full object-contain" />
          </button>
        </div>
      </div>
      <figcaption className="text-center text-sm text-muted-foreground">{frame.caption}</figcaption>
    </figure>
  );
}
