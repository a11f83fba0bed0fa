import { clampPopupDelay } from '@agentry/core/widget-rules';
import {
  widgetLimits,
  widgetThemeColors,
  type WidgetConnection,
  type WidgetPlacement,
  type WidgetSettings,
} from '@agentry/core/widget';
import { Bot, Code2, Image, Languages, MessageSquare, Moon, Palette, Shield, Sparkles, Sun } from 'lucide-react';
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
import { Field, FormSection } from './form-section';
import { LogoUrlField } from './logo-url-field';
import { SizeFields } from './size-fields';
import { SuggestedRepliesEditor } from './suggested-replies-editor';

const placements: { value: WidgetPlacement; label: string }[] = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
];

const templates: { value: WidgetSettings['template']; label: string }[] = [
  { value: 'professional', label: 'Professional' },
  { value: 'legacy', label: 'Legacy' },
];

type DesignerFormProps = {
  settings: WidgetSettings;
  onChange: (next: WidgetSettings) => void;
  connection: WidgetConnection;
  subaccountId: string;
  canEdit: boolean;
  onAdjustLogo: () => void;
  checkImage?: (url: string) => Promise<boolean>;
};

/** The designer's form panel: every field of docs/product/widget.md#the-designer-connectidwebsite-widget with the defaults and limits of docs/product/widget.md#settings. */
export function DesignerForm({
  settings,
  onChange,
  connection,
  subaccountId,
  canEdit,
  onAdjustLogo,
  checkImage,
}: DesignerFormProps) {
  const disabled = !canEdit;
  const patch = (change: Partial<WidgetSettings>) => onChange({ ...settings, ...change });
  const patchBubble = (change: Partial<WidgetSettings['chatBubble']>) =>
    onChange({ ...settings, chatBubble: { ...settings.chatBubble, ...change } });
  const ids = {
    title: useId(),
    aiName: useId(),
    build: useId(),
    firstMessageSwitch: useId(),
    firstMessage: useId(),
    placeholder: useId(),
    typing: useId(),
    placement: useId(),
    bubbleSwitch: useId(),
    bubbleMessage: useId(),
    bubbleDelay: useId(),
    theme: useId(),
    language: useId(),
    dailyLimit: useId(),
    avatarSwitch: useId(),
    launcherSwitch: useId(),
    template: useId(),
  };
  const languages = useMemo(() => languageOptions().map(({ code, label }) => ({ value: code, label })), []);

  return (
    <div className="grid gap-4">
      <FormSection title="Basics" icon={Sparkles} description="What visitors see first and which agent answers.">
        <Field label="Widget title" htmlFor={ids.title}>
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
        <SizeFields
          width={settings.width}
          height={settings.height}
          disabled={disabled}
          onApply={(size) => patch(size)}
        />
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
        title="Branding"
        icon={Image}
        description="Your logo in the header, as the chat avatar and on the launcher."
      >
        <LogoUrlField
          value={settings.logoUrl}
          disabled={disabled}
          onChange={(logoUrl) => patch({ logoUrl })}
          onAdjust={onAdjustLogo}
          checkImage={checkImage}
        />
        {settings.logoUrl ? (
          <>
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={ids.avatarSwitch} className="text-sm">
                Use the logo as the chat avatar
              </label>
              <Switch
                id={ids.avatarSwitch}
                checked={settings.useLogoForAvatar}
                disabled={disabled}
                onCheckedChange={(checked) => patch({ useLogoForAvatar: checked })}
              />
            </div>
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={ids.launcherSwitch} className="text-sm">
                Show the logo on the launcher button
              </label>
              <Switch
                id={ids.launcherSwitch}
                checked={settings.useLogoForMinimizedWidget}
                disabled={disabled}
                onCheckedChange={(checked) => patch({ useLogoForMinimizedWidget: checked })}
              />
            </div>
          </>
        ) : null}
      </FormSection>

      <FormSection title="Placement and popup" icon={Bot}>
        <Field label="Widget Placement" htmlFor={ids.placement}>
          <OptionSelect
            id={ids.placement}
            value={settings.placement}
            options={placements}
            disabled={disabled}
            onValueChange={(placement) => patch({ placement })}
          />
        </Field>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={ids.bubbleSwitch} className="text-sm font-medium">
            Popup Message
          </label>
          <Switch
            id={ids.bubbleSwitch}
            checked={settings.chatBubble.enabled}
            disabled={disabled}
            onCheckedChange={(enabled) => patchBubble({ enabled })}
          />
        </div>
        {settings.chatBubble.enabled ? (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <Field label="Popup message" htmlFor={ids.bubbleMessage}>
              <Input
                id={ids.bubbleMessage}
                value={settings.chatBubble.message}
                maxLength={200}
                disabled={disabled}
                onChange={(event) => patchBubble({ message: event.target.value })}
              />
            </Field>
            <PopupDelayField
              id={ids.bubbleDelay}
              value={settings.chatBubble.delaySeconds}
              disabled={disabled}
              onCommit={(delaySeconds) => patchBubble({ delaySeconds })}
            />
          </div>
        ) : null}
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
        <Field
          label="Template"
          htmlFor={ids.template}
          hint="Professional is the current widget; legacy keeps the older look for existing sites."
        >
          <OptionSelect
            id={ids.template}
            value={settings.template}
            options={templates}
            disabled={disabled}
            onValueChange={(template) => patch({ template })}
          />
        </Field>
      </FormSection>

      <FormSection
        title="Language"
        icon={Languages}
        description="The widget's own texts follow the language; texts you wrote stay."
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

/** Popup delay in seconds: free typing, clamped to 1-500 on blur (empty or invalid becomes 1). */
function PopupDelayField({
  id,
  value,
  disabled,
  onCommit,
}: {
  id: string;
  value: number;
  disabled: boolean;
  onCommit: (seconds: number) => void;
}) {
  return (
    <Field label="Delay (seconds)" htmlFor={id}>
      <CommitOnBlurInput
        id={id}
        value={value}
        disabled={disabled}
        normalize={(draft) => clampPopupDelay(draft)}
        onCommit={onCommit}
      />
    </Field>
  );
}

const { min: limitMin, max: limitMax } = widgetLimits.dailyLimit;

/** Messages per day the widget answers (default 200); clamped on blur, a non-number keeps the value. */
export function DailyLimitField({
  id,
  value,
  disabled,
  onCommit,
}: {
  id: string;
  value: number;
  disabled: boolean;
  onCommit: (limit: number) => void;
}) {
  return (
    <Field
      label="Daily message limit"
      htmlFor={id}
      hint={`Visitors get a clear message once the widget has answered this many messages today (${limitMin}-${limitMax.toLocaleString('en')}).`}
    >
      <CommitOnBlurInput
        id={id}
        value={value}
        disabled={disabled}
        className="max-w-40"
        normalize={(draft, current) => {
          const parsed = Number(draft.trim());
          return draft.trim() === '' || !Number.isFinite(parsed)
            ? current
            : Math.min(limitMax, Math.max(limitMin, Math.round(parsed)));
        }}
        onCommit={onCommit}
      />
    </Field>
  );
}
