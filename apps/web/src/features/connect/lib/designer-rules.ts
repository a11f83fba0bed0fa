import { clampWidgetHeight, clampWidgetWidth } from '@agentry/core/widget-rules';
import type { WidgetSettings } from '@agentry/core/widget';

export const SAVE_TOOLTIP_DIRTY = 'You have unsaved changes';
export const SAVE_TOOLTIP_VIEWER = 'Viewers cannot save changes';
export const SAVE_TOOLTIP_CLEAN = 'Save your changes';

/**
 * docs/product/widget.md#the-designer-connectidwebsite-widget, Save and Deploy pair: Save is disabled for viewers or when nothing changed (and
 * while a save runs or a field is invalid); the tooltip says why.
 */
export function saveButtonState(options: {
  isViewer: boolean;
  isDirty: boolean;
  isSaving: boolean;
  isValid: boolean;
}): {
  isDisabled: boolean;
  tooltip: string;
} {
  if (options.isViewer) return { isDisabled: true, tooltip: SAVE_TOOLTIP_VIEWER };
  if (options.isDirty) return { isDisabled: options.isSaving || !options.isValid, tooltip: SAVE_TOOLTIP_DIRTY };
  return { isDisabled: true, tooltip: SAVE_TOOLTIP_CLEAN };
}

export type DeployButtonState = {
  label: 'Deploy Widget' | 'Deploy Block' | 'Redeploy Required';
  isDisabled: boolean;
  hint: string;
};

/** 'Redeploy Required' when the live widget serves older settings than the saved ones. */
export function deployButtonState(options: {
  isViewer: boolean;
  needsRedeploy: boolean;
  isDirty: boolean;
  deployedAt: string | null;
  isBusy: boolean;
  /** The website block's button reads 'Deploy Block'. */
  isBlock?: boolean;
}): DeployButtonState {
  // A widget never deployed needs its first deploy, not a redeploy (its badge says 'Not deployed').
  const isRedeploy = options.needsRedeploy && options.deployedAt !== null;
  const label = isRedeploy ? 'Redeploy Required' : options.isBlock ? 'Deploy Block' : 'Deploy Widget';
  if (options.isViewer) return { label, isDisabled: true, hint: SAVE_TOOLTIP_VIEWER };
  const isUpToDate = !isRedeploy && !options.isDirty && options.deployedAt !== null;
  if (isUpToDate) return { label, isDisabled: true, hint: 'The live widget already uses these settings' };
  return {
    label,
    isDisabled: options.isBusy,
    hint: options.isDirty ? 'Saves your changes and puts them live' : 'Puts the saved settings live',
  };
}

/** Width/height apply (docs/product/widget.md#settings): each entry clamps to its range; a non-numeric entry keeps the current value. */
export function applyWidgetSize(
  input: { width: string; height: string },
  current: Pick<WidgetSettings, 'width' | 'height'>,
): Pick<WidgetSettings, 'width' | 'height'> {
  return {
    width: clampWidgetWidth(input.width, current.width),
    height: clampWidgetHeight(input.height, current.height),
  };
}

/** Structural equality of two settings objects (plain JSON data). */
export function isSameSettings(a: WidgetSettings, b: WidgetSettings): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
