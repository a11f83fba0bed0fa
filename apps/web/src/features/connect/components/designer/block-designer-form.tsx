import { widgetLimits, widgetThemeColors, type WidgetConnection, type WidgetSettings } from '@agentry/core/widget';
import { Code2, Languages, MessageSquare, Moon, Palette, PanelsTopLeft, Shield, Sparkles, Sun } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { applyLanguage, languageOptions } from '../../lib/apply-language';
import { ColorPicker } from '../color-picker';
import { AllowedDomainsEditor } from './allowed-domains-editor';
import { BuildSelect } from './build-select';
import { CommitOnBlurInput } from './commit-on-blur-input';
import { DailyLimitField } from './designer-form';
import { Field, FormSection } from './form-section';
import { SuggestedRepliesEditor } from './suggested-replies-editor';

type BlockDesignerFormProps = {
  settings: WidgetSettings;
  onChange: (next: WidgetSettings) => void;
  connection: WidgetConnection;
  subaccountId: string;
  canEdit: boolean;
};

/**
 * The website block's form panel (docs/product/widget.md#website-block): the widget's fields that
 * make sense inline (no launcher, popup, placement or logo), plus the block's height, 'fill the
 * container', border and corner radius.
 */
export function BlockDesignerForm({ settings, onChange, connection, subaccountId, canEdit }: BlockDesignerFormProps) {
  const disabled = !canEdit;
  const patch = (change: Partial<WidgetSettings>) => onChange({ ...settings, ...change });
  const patchBlock = (change: Partial<WidgetSettings['block']>) =>
    onChange({ ...settings, block: { ...settings.block, ...change } });
  const ids = {
    title: useId(),
    aiName: useId(),
    build: useId(),
    firstMessageSwitch: useId(),
    firstMessage: useId(),
    placeholder: useId(),
    typing: useId(),
    height: useId(),
    fill: useId(),
    border: useId(),
    radius: useId(),
    theme: useId(),
    language: useId(),
    dailyLimit: useId(),
  };
  const languages = useMemo(() => languageOptions().map(({ code, label }) => ({ value: code, label })), []);
  const { blockHeight, blockBorderWidth, blockCornerRadius } = widgetLimits;

  return (
    <div className="grid gap-4">
      <FormSection title="Basics" icon={Sparkles} description="What visitors see first and which agent answers.">
        <Field label="Block title" htmlFor={ids.title}>
          <Input
            id={ids.title}
            value={settings.widgetTitle}
            maxLength={80}
            disabled={disabled}
            onChange={(event) => patch({ widgetTitle: event.target.value })}
          />
        </Field>
        <Field
          label="Choose Build"
          htmlFor={ids.build}
          hint="The agent that answers visitors. Saved as soon as you choose."
        >
          <BuildSelect id={ids.build} connection={connection} subaccountId={subaccountId} canEdit={canEdit} />
        </Field>
        <Field label="Assistant name" htmlFor={ids.aiName}>
          <Input
            id={ids.aiName}
            value={settings.aiName}
            maxLength={80}
            disabled={disabled}
            onChange={(event) => patch({ aiName: event.target.value })}
          />
        </Field>
      </FormSection>

      <FormSection title="Messages" icon={MessageSquare}>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={ids.firstMessageSwitch} className="text-sm font-medium">
            First Message
          </label>
          <Switch
            id={ids.firstMessageSwitch}
            checked={settings.showFirstMessage}
            disabled={disabled}
            onCheckedChange={(checked) => patch({ showFirstMessage: checked })}
          />
        </div>
        {settings.showFirstMessage ? (
          <Field label="First message text" htmlFor={ids.firstMessage}>
            <Textarea
              id={ids.firstMessage}
              rows={2}
              value={settings.firstMessage}
              maxLength={2000}
              disabled={disabled}
              onChange={(event) => patch({ firstMessage: event.target.value })}
            />
          </Field>
        ) : null}
        <Field label="Input placeholder" htmlFor={ids.placeholder}>
          <Input
            id={ids.placeholder}
            value={settings.inputPlaceholder}
            maxLength={120}
            disabled={disabled}
            onChange={(event) => patch({ inputPlaceholder: event.target.value })}
          />
        </Field>
        <Field label="Typing indicator text" htmlFor={ids.typing}>
          <Input
            id={ids.typing}
            value={settings.typingIndicator}
            maxLength={60}
            disabled={disabled}
            onChange={(event) => patch({ typingIndicator: event.target.value })}
          />
        </Field>
        <div className="grid gap-2">
          <span className="text-sm font-medium">Suggested replies</span>
          <SuggestedRepliesEditor
            value={settings.suggestedResponses}
            disabled={disabled}
            onChange={(suggestedResponses) => patch({ suggestedResponses })}
          />
        </div>
      </FormSection>

      <FormSection
        title="Size and frame"
        icon={PanelsTopLeft}
        description="The block is as wide as the element you place it in."
      >
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={ids.fill} className="text-sm font-medium">
            Fill the container
          </label>
          <Switch
            id={ids.fill}
            checked={settings.block.fillContainer}
            disabled={disabled}
            onCheckedChange={(fillContainer) => patchBlock({ fillContainer })}
          />
        </div>
        <NumberField
          id={ids.height}
          label="Height (px)"
          hint={
            settings.block.fillContainer
              ? 'Not used while the block fills its container: give the element a height on your page.'
              : `The block grows with the conversation up to this height (${blockHeight.min}-${blockHeight.max}px).`
          }
          value={settings.block.height}
          range={blockHeight}
          disabled={disabled || settings.block.fillContainer}
          onCommit={(height) => patchBlock({ height })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            id={ids.border}
            label="Border (px)"
            hint={`${blockBorderWidth.min}-${blockBorderWidth.max}px; 0 for none.`}
            value={settings.block.borderWidth}
            range={blockBorderWidth}
            disabled={disabled}
            onCommit={(borderWidth) => patchBlock({ borderWidth })}
          />
          <NumberField
            id={ids.radius}
            label="Corner radius (px)"
            hint={`${blockCornerRadius.min}-${blockCornerRadius.max}px; 0 for square corners.`}
            value={settings.block.cornerRadius}
            range={blockCornerRadius}
            disabled={disabled}
            onCommit={(cornerRadius) => patchBlock({ cornerRadius })}
          />
        </div>
      </FormSection>

      <FormSection title="Appearance" icon={Palette}>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={ids.theme} className="flex items-center gap-2 text-sm font-medium">
            {settings.theme === 'dark' ? (
              <Moon className="size-4" aria-hidden />
            ) : (
              <Sun className="size-4" aria-hidden />
            )}
            {settings.theme === 'dark' ? 'Dark' : 'Light'}
          </label>
          <Switch
            id={ids.theme}
            aria-label="Dark theme"
            checked={settings.theme === 'dark'}
            disabled={disabled}
            onCheckedChange={(checked) => patch({ theme: checked ? 'dark' : 'light' })}
          />
        </div>
        <ColorPicker
          label="Theme Color"
          value={settings.themeColor}
          swatches={widgetThemeColors}
          disabled={disabled}
          onChange={(themeColor) => patch({ themeColor })}
        />
      </FormSection>

      <FormSection
        title="Language"
        icon={Languages}
        description="The block's own texts follow the language; texts you wrote stay."
      >
        <Field label="Language" htmlFor={ids.language}>
          <OptionSelect
            id={ids.language}
            value={settings.language}
            options={languages}
            disabled={disabled}
            onValueChange={(language) => onChange(applyLanguage(settings, language))}
          />
        </Field>
      </FormSection>

      <FormSection title="Limits and security" icon={Shield}>
        <DailyLimitField
          id={ids.dailyLimit}
          value={settings.dailyLimit}
          disabled={disabled}
          onCommit={(dailyLimit) => patch({ dailyLimit })}
        />
        <div className="grid gap-2">
          <span className="flex items-center gap-2 text-sm font-medium">
            <Code2 className="size-4" aria-hidden />
            Allowed domains
          </span>
          <AllowedDomainsEditor
            value={settings.allowedDomains}
            disabled={disabled}
            onChange={(allowedDomains) => patch({ allowedDomains })}
          />
        </div>
      </FormSection>
    </div>
  );
}

/** A whole number clamped to its range on blur; a non-number keeps the current value. */
function NumberField({
  id,
  label,
  hint,
  value,
  range,
  disabled,
  onCommit,
}: {
  id: string;
  label: string;
  hint: string;
  value: number;
  range: { min: number; max: number };
  disabled: boolean;
  onCommit: (next: number) => void;
}) {
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <CommitOnBlurInput
        id={id}
        value={value}
        disabled={disabled}
        className="max-w-40"
        normalize={(draft, current) => {
          const parsed = Number(draft.trim());
          return draft.trim() === '' || !Number.isFinite(parsed)
            ? current
            : Math.min(range.max, Math.max(range.min, Math.round(parsed)));
        }}
        onCommit={onCommit}
      />
    </Field>
  );
}
