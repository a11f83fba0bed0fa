import { defaultWidgetSettings } from '@agentry/core/widget';
import { describe, expect, it } from 'vitest';
import { applyWidgetSize, deployButtonState, isSameSettings, saveButtonState } from './designer-rules';
import { widgetIframeSnippet, widgetScriptSnippet } from './embed-code';
import { widgetState } from './widget-state';

describe('Save button', () => {
  it('is disabled for viewers with "Viewers cannot save changes", even with changes', () => {
    expect(saveButtonState({ isViewer: true, isDirty: true, isSaving: false, isValid: true })).toEqual({
      isDisabled: true,
      tooltip: 'Viewers cannot save changes',
    });
  });
  it('is disabled when nothing changed, with "Save your changes"', () => {
    expect(saveButtonState({ isViewer: false, isDirty: false, isSaving: false, isValid: true })).toEqual({
      isDisabled: true,
      tooltip: 'Save your changes',
    });
  });
  it('is enabled with changes, saying "You have unsaved changes"; disabled while saving or invalid', () => {
    expect(saveButtonState({ isViewer: false, isDirty: true, isSaving: false, isValid: true })).toEqual({
      isDisabled: false,
      tooltip: 'You have unsaved changes',
    });
    expect(saveButtonState({ isViewer: false, isDirty: true, isSaving: true, isValid: true }).isDisabled).toBe(true);
    expect(saveButtonState({ isViewer: false, isDirty: true, isSaving: false, isValid: false }).isDisabled).toBe(true);
  });
});

describe('Deploy button', () => {
  const base = {
    isViewer: false,
    needsRedeploy: false,
    isDirty: false,
    deployedAt: '2026-01-01T00:00:00.000Z',
    isBusy: false,
  };
  it("reads 'Redeploy Required' when the connection needs a redeploy", () => {
    expect(deployButtonState({ ...base, needsRedeploy: true })).toMatchObject({
      label: 'Redeploy Required',
      isDisabled: false,
    });
  });
  it("reads 'Deploy Widget' otherwise and is disabled when the live widget is up to date", () => {
    expect(deployButtonState(base)).toMatchObject({ label: 'Deploy Widget', isDisabled: true });
    expect(deployButtonState({ ...base, deployedAt: null })).toMatchObject({
      label: 'Deploy Widget',
      isDisabled: false,
    });
    expect(deployButtonState({ ...base, isDirty: true })).toMatchObject({ isDisabled: false });
  });
  it("never reads 'Redeploy Required' for a widget that was never deployed", () => {
    expect(deployButtonState({ ...base, deployedAt: null, needsRedeploy: true })).toMatchObject({
      label: 'Deploy Widget',
      isDisabled: false,
    });
    expect(deployButtonState({ ...base, deployedAt: null, needsRedeploy: true, isBlock: true }).label).toBe(
      'Deploy Block',
    );
  });
  it('is disabled for viewers', () => {
    expect(deployButtonState({ ...base, needsRedeploy: true, isViewer: true }).isDisabled).toBe(true);
  });
});

describe('width/height apply', () => {
  const current = { width: 400, height: 700 };
  it('keeps the current value for a non-numeric entry', () => {
    expect(applyWidgetSize({ width: 'wide', height: '' }, current)).toEqual(current);
    expect(applyWidgetSize({ width: '450px', height: '12abc' }, current)).toEqual(current);
  });
  it('clamps to 300-600 and 300-700', () => {
    expect(applyWidgetSize({ width: '100', height: '9000' }, current)).toEqual({ width: 300, height: 700 });
    expect(applyWidgetSize({ width: '999', height: '250' }, current)).toEqual({ width: 600, height: 300 });
    expect(applyWidgetSize({ width: ' 480 ', height: '520' }, current)).toEqual({ width: 480, height: 520 });
  });
});

describe('settings comparison', () => {
  it('ignores key order and sees nested changes', () => {
    const reordered = Object.fromEntries(
      Object.entries(defaultWidgetSettings).reverse(),
    ) as typeof defaultWidgetSettings;
    expect(isSameSettings(defaultWidgetSettings, reordered)).toBe(true);
    expect(
      isSameSettings(defaultWidgetSettings, {
        ...defaultWidgetSettings,
        chatBubble: { ...defaultWidgetSettings.chatBubble, delaySeconds: 5 },
      }),
    ).toBe(false);
  });
});

describe('embed code', () => {
  it('script form per template, with the widgetId query', () => {
    expect(widgetScriptSnippet({ origin: 'https://app.test', widgetId: 'w1', template: 'professional' })).toBe(
      '<script src="https://app.test/widget/w1/widget-professional.js?widgetId=w1" async></script>',
    );
    expect(widgetScriptSnippet({ origin: 'https://app.test', widgetId: 'w1', template: 'legacy' })).toBe(
      '<script src="https://app.test/widget/w1/widget.js?widgetId=w1" async></script>',
    );
  });
  it('iframe form sized by the saved width and height, fixed bottom-right', () => {
    const code = widgetIframeSnippet({ origin: 'https://app.test', widgetId: 'w1', width: 420, height: 640 });
    expect(code).toContain('src="https://app.test/widget/w1"');
    expect(code).toContain('position:fixed;bottom:20px;right:20px;width:420px;height:640px;');
  });
});

describe('widget state badge', () => {
  it('is Live only once deployed, up to date and answering with a build', () => {
    const deployed = { deployedAt: '2026-01-01T00:00:00.000Z', needsRedeploy: false, buildId: 'agent-1' };
    expect(widgetState(deployed).label).toBe('Live');
    expect(widgetState({ ...deployed, buildId: null }).label).toBe('No build chosen');
    expect(widgetState({ ...deployed, needsRedeploy: true }).label).toBe('Redeploy Required');
    expect(widgetState({ ...deployed, deployedAt: null }).label).toBe('Not deployed');
  });
});
