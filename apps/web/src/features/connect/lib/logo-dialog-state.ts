import { widgetLimits, type CropPosition, type WidgetSettings } from '@agentry/core/widget';

/**
 * The 'Logo Position & Scale' dialog's rules (docs/product/widget.md#the-designer-connectidwebsite-widget, Logo dialog, docs/product/widget.md#settings): two tabs,
 * each with a saved and a temporary position and scale, and an applied flag.
 */
export type LogoTab = 'avatar' | 'widget';
export type LogoPlacement = { position: CropPosition; scale: number };
export type LogoDialogState = {
  activeTab: LogoTab;
  saved: Record<LogoTab, LogoPlacement>;
  temp: Record<LogoTab, LogoPlacement>;
  applied: Record<LogoTab, boolean>;
};

export const DEFAULT_LOGO_PLACEMENT: LogoPlacement = { position: { x: 50, y: 50 }, scale: 1 };
/** Keyboard nudge, in percent (Shift: ten times as far). */
export const LOGO_NUDGE_PERCENT = 1;

const { min: positionMin, max: positionMax } = widgetLimits.logoPosition;
const { min: scaleMin, max: scaleMax, step: scaleStep } = widgetLimits.logoScale;

export function clampLogoPercent(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.round(Math.min(positionMax, Math.max(positionMin, value)) * 100) / 100;
}

/** 0.5-3 in steps of 0.1. */
export function clampLogoScale(value: number): number {
  if (!Number.isFinite(value)) return 1;
  const stepped = Math.round(value / scaleStep) * scaleStep;
  return Math.round(Math.min(scaleMax, Math.max(scaleMin, stepped)) * 10) / 10;
}

/** The readout under the slider: '1.00x'. */
export function formatLogoScale(scale: number): string {
  return `${scale.toFixed(2)}x`;
}

/** The saved placement of each tab, read from the widget settings. */
export function placementsFromSettings(settings: WidgetSettings): Record<LogoTab, LogoPlacement> {
  return {
    avatar: { position: settings.avatarLogoCropPosition, scale: settings.avatarLogoScale },
    widget: { position: settings.widgetLogoCropPosition, scale: settings.widgetLogoScale },
  };
}

/** Opening copies the saved position and scale of both tabs into the temporary values. */
export function openLogoDialog(saved: Record<LogoTab, LogoPlacement>, activeTab: LogoTab = 'avatar'): LogoDialogState {
  return {
    activeTab,
    saved,
    temp: { avatar: saved.avatar, widget: saved.widget },
    applied: { avatar: false, widget: false },
  };
}

function withTemp(state: LogoDialogState, change: Partial<LogoPlacement>): LogoDialogState {
  const current = state.temp[state.activeTab];
  return { ...state, temp: { ...state.temp, [state.activeTab]: { ...current, ...change } } };
}

/** Dragging (or a keyboard nudge) moves only the active tab's temporary position, clamped to -50..150 %. */
export function moveLogo(state: LogoDialogState, position: CropPosition): LogoDialogState {
  return withTemp(state, { position: { x: clampLogoPercent(position.x), y: clampLogoPercent(position.y) } });
}

export function nudgeLogo(state: LogoDialogState, delta: { x: number; y: number }): LogoDialogState {
  const { position } = state.temp[state.activeTab];
  return moveLogo(state, { x: position.x + delta.x, y: position.y + delta.y });
}

/** The position a drag reaches: the start position plus the pointer's travel as a share of the preview. */
export function dragPosition(options: {
  start: CropPosition;
  deltaX: number;
  deltaY: number;
  width: number;
  height: number;
}): CropPosition {
  const { start, deltaX, deltaY, width, height } = options;
  return {
    x: clampLogoPercent(start.x + (width > 0 ? (deltaX / width) * 100 : 0)),
    y: clampLogoPercent(start.y + (height > 0 ? (deltaY / height) * 100 : 0)),
  };
}

/** The slider changes only the active tab's temporary scale. */
export function scaleLogo(state: LogoDialogState, scale: number): LogoDialogState {
  return withTemp(state, { scale: clampLogoScale(scale) });
}

/** Switching tabs keeps each tab's temporary values (the product rules leave it open; nothing is lost). */
export function switchLogoTab(state: LogoDialogState, tab: LogoTab): LogoDialogState {
  return { ...state, activeTab: tab };
}

/** Apply saves the active tab's temporary values and marks the tab applied. */
export function applyLogo(state: LogoDialogState): LogoDialogState {
  const tab = state.activeTab;
  return { ...state, saved: { ...state.saved, [tab]: state.temp[tab] }, applied: { ...state.applied, [tab]: true } };
}

/** Reset sets the active tab to x 50, y 50, scale 1, both temporary and saved. */
export function resetLogo(state: LogoDialogState): LogoDialogState {
  const tab = state.activeTab;
  return {
    ...state,
    saved: { ...state.saved, [tab]: DEFAULT_LOGO_PLACEMENT },
    temp: { ...state.temp, [tab]: DEFAULT_LOGO_PLACEMENT },
  };
}

/**
 * What a tab's saved placement writes into the widget settings. The chat avatar also writes the
 * legacy logoCropPosition / logoScale, which older widget templates read.
 */
export function logoSettingsPatch(tab: LogoTab, placement: LogoPlacement): Partial<WidgetSettings> {
  if (tab === 'widget') return { widgetLogoCropPosition: placement.position, widgetLogoScale: placement.scale };
  return {
    avatarLogoCropPosition: placement.position,
    avatarLogoScale: placement.scale,
    logoCropPosition: placement.position,
    logoScale: placement.scale,
  };
}
