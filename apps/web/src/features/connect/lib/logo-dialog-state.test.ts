import { defaultWidgetSettings } from '@agentry/core/widget';
import { describe, expect, it } from 'vitest';
import {
  applyLogo,
  clampLogoScale,
  dragPosition,
  formatLogoScale,
  logoSettingsPatch,
  moveLogo,
  nudgeLogo,
  openLogoDialog,
  placementsFromSettings,
  resetLogo,
  scaleLogo,
  switchLogoTab,
} from './logo-dialog-state';

const saved = {
  avatar: { position: { x: 20, y: 30 }, scale: 1.5 },
  widget: { position: { x: 70, y: 40 }, scale: 0.8 },
};

describe('logo dialog state', () => {
  it('opening copies the saved position and scale of both tabs into the temporary values, nothing applied yet', () => {
    const state = openLogoDialog(saved);
    expect(state.activeTab).toBe('avatar');
    expect(state.temp).toEqual(saved);
    expect(state.applied).toEqual({ avatar: false, widget: false });
  });

  it('reads the saved placements from the widget settings (avatar and header separately)', () => {
    const placements = placementsFromSettings({
      ...defaultWidgetSettings,
      avatarLogoCropPosition: { x: 10, y: 90 },
      avatarLogoScale: 2,
      widgetLogoScale: 0.6,
    });
    expect(placements.avatar).toEqual({ position: { x: 10, y: 90 }, scale: 2 });
    expect(placements.widget).toEqual({ position: { x: 50, y: 50 }, scale: 0.6 });
  });

  it('dragging moves only the active tab and clamps the position to -50..150 %', () => {
    let state = openLogoDialog(saved);
    state = moveLogo(state, { x: 400, y: -90 });
    expect(state.temp.avatar.position).toEqual({ x: 150, y: -50 });
    expect(state.temp.widget).toEqual(saved.widget);
    // Only the temporary values move; the saved ones wait for Apply.
    expect(state.saved.avatar).toEqual(saved.avatar);
  });

  it('turns pointer travel into percent of the preview and clamps it', () => {
    expect(dragPosition({ start: { x: 50, y: 50 }, deltaX: 100, deltaY: -60, width: 200, height: 120 })).toEqual({
      x: 100,
      y: 0,
    });
    expect(dragPosition({ start: { x: 50, y: 50 }, deltaX: 1000, deltaY: 1000, width: 200, height: 200 })).toEqual({
      x: 150,
      y: 150,
    });
    expect(dragPosition({ start: { x: 10, y: 10 }, deltaX: 5, deltaY: 5, width: 0, height: 0 })).toEqual({
      x: 10,
      y: 10,
    });
  });

  it('arrow-key nudges move the active tab and respect the clamp', () => {
    let state = openLogoDialog({ ...saved, avatar: { position: { x: 149.5, y: 50 }, scale: 1 } });
    state = nudgeLogo(state, { x: 1, y: -1 });
    expect(state.temp.avatar.position).toEqual({ x: 150, y: 49 });
  });

  it('the slider scale is clamped to 0.5-3 in steps of 0.1 and shown with two decimals and x', () => {
    expect(clampLogoScale(0.1)).toBe(0.5);
    expect(clampLogoScale(9)).toBe(3);
    expect(clampLogoScale(1.26)).toBe(1.3);
    const state = scaleLogo(switchLogoTab(openLogoDialog(saved), 'widget'), 2.04);
    expect(state.temp.widget.scale).toBe(2);
    expect(state.temp.avatar.scale).toBe(1.5);
    expect(formatLogoScale(1)).toBe('1.00x');
    expect(formatLogoScale(2.5)).toBe('2.50x');
  });

  it('Apply saves the active tab and marks it applied; the other tab is untouched', () => {
    let state = switchLogoTab(openLogoDialog(saved), 'widget');
    state = moveLogo(state, { x: 10, y: 90 });
    state = applyLogo(state);
    expect(state.saved.widget).toEqual({ position: { x: 10, y: 90 }, scale: 0.8 });
    expect(state.applied).toEqual({ avatar: false, widget: true });
    expect(state.saved.avatar).toEqual(saved.avatar);
  });

  it('switching tabs keeps each tab’s unapplied temporary values', () => {
    let state = moveLogo(openLogoDialog(saved), { x: 0, y: 0 });
    state = switchLogoTab(state, 'widget');
    state = switchLogoTab(state, 'avatar');
    expect(state.temp.avatar.position).toEqual({ x: 0, y: 0 });
  });

  it('Reset sets the active tab to x 50, y 50, scale 1, temporary and saved', () => {
    let state = moveLogo(openLogoDialog(saved), { x: 0, y: 0 });
    state = resetLogo(state);
    expect(state.temp.avatar).toEqual({ position: { x: 50, y: 50 }, scale: 1 });
    expect(state.saved.avatar).toEqual({ position: { x: 50, y: 50 }, scale: 1 });
    expect(state.saved.widget).toEqual(saved.widget);
  });

  it('writes the avatar with the legacy fields, the header with its own', () => {
    const placement = { position: { x: 30, y: 60 }, scale: 1.2 };
    expect(logoSettingsPatch('avatar', placement)).toEqual({
      avatarLogoCropPosition: { x: 30, y: 60 },
      avatarLogoScale: 1.2,
      logoCropPosition: { x: 30, y: 60 },
      logoScale: 1.2,
    });
    expect(logoSettingsPatch('widget', placement)).toEqual({
      widgetLogoCropPosition: { x: 30, y: 60 },
      widgetLogoScale: 1.2,
    });
  });
});
