import { demoLimits, demoStatusTexts, type DemoCorner, type DemoSettings, type DemoType } from '@agentry/core/demos';
import { widgetThemeColors } from '@agentry/core/widget';
import type { Agent } from '@agentry/core/agents';
import { demoTypes } from '@agentry/core/demos';
import type { ReactNode } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Label } from '@/components/ui/input';
import type { DemoDraft, DraftErrors } from '../lib/demo-draft';
import { demoTypeDetails } from '../lib/demo-type-labels';
import { ColorField, EditorSection, NumberField, SelectField, SwitchField, TextField } from './editor-fields';
import { LogoCropControl } from './logo-crop-control';

const corners: readonly { value: DemoCorner; label: string }[] = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
];

type DemoSettingsFormProps = {
  draft: DemoDraft;
  onChange: (next: DemoDraft) => void;
  errors: DraftErrors;
  agents: Agent[];
  /** The request counter block (count, reset) sits beside the limit. */
  requestCounter: ReactNode;
};

/** Every field of Demo settings (docs/product/demos.md#settings), grouped by what it changes. */
export function DemoSettingsForm({ draft, onChange, errors, agents, requestCounter }: DemoSettingsFormProps) {
  const { settings } = draft;
  const set = (patch: Partial<DemoDraft>) => onChange({ ...draft, ...patch });
  const setSettings = (patch: Partial<DemoSettings>) => onChange({ ...draft, settings: { ...settings, ...patch } });
  const setPlatform = (patch: Partial<DemoSettings['platformSettings']>) =>
    setSettings({ platformSettings: { ...settings.platformSettings, ...patch } });
  const setBackground = (patch: Partial<DemoSettings['backgroundSettings']>) =>
    setSettings({ backgroundSettings: { ...settings.backgroundSettings, ...patch } });
  const setClient = (patch: Partial<DemoSettings['clientMessage']>) =>
    setSettings({ clientMessage: { ...settings.clientMessage, ...patch } });
  const isWebsite = draft.type === 'website';
  const isSocial = draft.type === 'facebook' || draft.type === 'instagram';
  const agentOptions = agents.map((agent) => ({ value: agent.buildId, label: agent.aiName }));
  if (draft.agentId && !agentOptions.some((option) => option.value === draft.agentId))
    agentOptions.unshift({ value: draft.agentId, label: 'Current agent' });

  return (
    <div className="grid gap-4">
      <EditorSection
        title="Demo"
        description="What the demo is called, which agent answers and how your client sees it."
      >
        <TextField
          label="Name"
          value={draft.name}
          onChange={(name) => set({ name })}
          error={errors.name}
          maxLength={demoLimits.nameLength}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {agentOptions.length > 0 ? (
            <SelectField
              label="Agent"
              value={draft.agentId}
              onChange={(agentId) => set({ agentId })}
              options={agentOptions}
            />
          ) : (
            <p className="text-sm text-muted-foreground">No builds available. Please create a build first.</p>
          )}
          <SelectField<DemoType>
            label="Type"
            value={draft.type}
            onChange={(type) => set({ type })}
            options={demoTypes.map((type) => ({ value: type, label: demoTypeDetails[type].label }))}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Request limit"
            value={draft.requestLimit}
            onChange={(requestLimit) => set({ requestLimit })}
            inputMode="numeric"
            error={errors.requestLimit}
            hint="Chat messages this demo answers before its link stops (default 100)"
          />
          {requestCounter}
        </div>
      </EditorSection>

      <EditorSection title="Names and messages">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Assistant name"
            value={settings.assistantName}
            onChange={(assistantName) => setSettings({ assistantName })}
            hint="Standard and SMS looks"
            maxLength={80}
          />
          <TextField
            label="Social contact name"
            value={settings.socialContactName}
            onChange={(socialContactName) => setSettings({ socialContactName })}
            hint="Facebook and Instagram looks"
            maxLength={80}
          />
          <TextField
            label="Widget title"
            value={settings.widgetTitle}
            onChange={(widgetTitle) => setSettings({ widgetTitle })}
            hint="Website widget header"
            maxLength={80}
          />
          <TextField
            label="Website assistant name"
            value={settings.websiteAssistantName}
            onChange={(websiteAssistantName) => setSettings({ websiteAssistantName })}
            hint="Website widget messages"
            maxLength={80}
          />
        </div>
        <SwitchField
          label="Show welcome message"
          checked={settings.showWelcomeMessage}
          onChange={(showWelcomeMessage) => setSettings({ showWelcomeMessage })}
        />
        {settings.showWelcomeMessage ? (
          <TextField
            label="Welcome message"
            value={settings.welcomeMessage}
            onChange={(welcomeMessage) => setSettings({ welcomeMessage })}
            multiline
            maxLength={2000}
          />
        ) : null}
        <TextField
          label="Input placeholder"
          value={settings.placeholder}
          onChange={(placeholder) => setSettings({ placeholder })}
          maxLength={120}
          hint={draft.type === 'sms' ? "The SMS look always shows 'iMessage'" : undefined}
        />
        <TextField
          label="Suggested replies"
          value={draft.suggestedText}
          onChange={(suggestedText) => set({ suggestedText })}
          multiline
          hint="One per line, up to 10; shown until the visitor sends a message"
          error={errors['suggestedResponses'] ?? errors['suggestedResponses.0']}
        />
      </EditorSection>

      <EditorSection title="Look">
        <div className="grid gap-1.5">
          <Label id="demo-theme-label">Theme</Label>
          <ToggleGroup
            type="single"
            aria-labelledby="demo-theme-label"
            value={settings.theme}
            onValueChange={(theme) => {
              if (theme === 'dark' || theme === 'light') setSettings({ theme });
            }}
            className="justify-self-start"
          >
            <ToggleGroupItem value="dark">Dark</ToggleGroupItem>
            <ToggleGroupItem value="light">Light</ToggleGroupItem>
          </ToggleGroup>
        </div>
        <ColorField
          label="Theme colour"
          value={settings.themeColor}
          onChange={(themeColor) => setSettings({ themeColor })}
          swatches={widgetThemeColors}
          error={errors.themeColor}
        />
        <TextField
          label="Logo URL"
          type="url"
          value={settings.logoUrl}
          onChange={(logoUrl) => setSettings({ logoUrl: logoUrl.trim() })}
          placeholder="https://example.com/logo.png"
          error={errors.logoUrl}
        />
        {settings.logoUrl ? (
          <>
            <NumberField
              label="Logo width"
              value={settings.logoWidth}
              onChange={(logoWidth) => setSettings({ logoWidth: Math.round(logoWidth) })}
              min={demoLimits.logoWidth.min}
              max={demoLimits.logoWidth.max}
              suffix=" (100 = standard size, suggested 60–150)"
            />
            <div className="grid gap-3 lg:grid-cols-2">
              <LogoCropControl
                title="Header logo"
                url={settings.logoUrl}
                crop={settings.logoCropPosition}
                scale={settings.logoScale}
                onChange={({ crop, scale }) => setSettings({ logoCropPosition: crop, logoScale: scale })}
                shape="circle"
                previewBackground={settings.themeColor}
              />
              <LogoCropControl
                title="Chat avatar"
                url={settings.logoUrl}
                crop={settings.avatarCropPosition}
                scale={settings.avatarScale}
                onChange={({ crop, scale }) => setSettings({ avatarCropPosition: crop, avatarScale: scale })}
                shape="circle"
                previewBackground="#e2e8f0"
              />
            </div>
          </>
        ) : null}
      </EditorSection>

      <EditorSection title="Website widget" description={isWebsite ? undefined : 'Used by the website type.'}>
        <SelectField
          label="Widget template"
          value={settings.widgetTemplate}
          onChange={(widgetTemplate) => setSettings({ widgetTemplate })}
          options={[
            { value: 'professional', label: 'Professional' },
            { value: 'legacy', label: 'Legacy' },
          ]}
        />
        <TextField
          label="Background website URL"
          type="url"
          value={settings.backgroundUrl}
          onChange={(backgroundUrl) => setSettings({ backgroundUrl: backgroundUrl.trim() })}
          placeholder="https://your-client.com"
          hint="Shown live behind the professional widget on wider screens, when the site allows it"
          error={errors.backgroundUrl}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Widget position"
            value={settings.platformSettings.position}
            onChange={(position) => setPlatform({ position })}
            options={corners}
          />
          <SelectField
            label="Open on load"
            value={
              settings.platformSettings.autoOpen === undefined
                ? 'follow'
                : settings.platformSettings.autoOpen
                  ? 'open'
                  : 'closed'
            }
            onChange={(value) => setPlatform({ autoOpen: value === 'follow' ? undefined : value === 'open' })}
            options={[
              { value: 'follow', label: 'When a welcome message shows' },
              { value: 'open', label: 'Always open' },
              { value: 'closed', label: 'Start closed' },
            ]}
          />
        </div>
        <SwitchField
          label="Chat bubble"
          checked={settings.chatBubble.enabled}
          onChange={(enabled) => setSettings({ chatBubble: { ...settings.chatBubble, enabled } })}
          hint="A short message beside the closed launcher"
        />
        {settings.chatBubble.enabled ? (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <TextField
              label="Bubble message"
              value={settings.chatBubble.message}
              onChange={(message) => setSettings({ chatBubble: { ...settings.chatBubble, message } })}
              maxLength={200}
            />
            <TextField
              label="Bubble delay (seconds)"
              value={draft.bubbleDelay}
              onChange={(bubbleDelay) => set({ bubbleDelay })}
              inputMode="numeric"
              hint="Not a number: 2"
            />
          </div>
        ) : null}
        <SwitchField
          label="Responsive size"
          checked={settings.embedSettings.responsive}
          onChange={(responsive) => setSettings({ embedSettings: { ...settings.embedSettings, responsive } })}
          hint="Shrink to fit small screens"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Embed width"
            value={draft.embedWidth}
            onChange={(embedWidth) => set({ embedWidth })}
            hint="420 or 420px; anything else uses 420"
          />
          <TextField
            label="Embed height"
            value={draft.embedHeight}
            onChange={(embedHeight) => set({ embedHeight })}
            hint="600 or 600px; anything else uses 600"
          />
        </div>
      </EditorSection>

      <EditorSection title="Chat header">
        <SwitchField
          label="Custom header size"
          checked={settings.platformSettings.customHeaderSize}
          onChange={(customHeaderSize) => setPlatform({ customHeaderSize })}
        />
        {settings.platformSettings.customHeaderSize ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              label="Header height"
              value={settings.platformSettings.headerHeight}
              onChange={(headerHeight) => setPlatform({ headerHeight: Math.round(headerHeight) })}
              min={demoLimits.headerHeight.min}
              max={demoLimits.headerHeight.max}
              suffix=" px"
            />
            <NumberField
              label="Header padding"
              value={settings.platformSettings.headerPadding}
              onChange={(headerPadding) => setPlatform({ headerPadding: Math.round(headerPadding) })}
              min={demoLimits.headerPadding.min}
              max={demoLimits.headerPadding.max}
              suffix=" px"
            />
            <NumberField
              label="Logo size"
              value={settings.platformSettings.logoSize}
              onChange={(logoSize) => setPlatform({ logoSize: Math.round(logoSize) })}
              min={demoLimits.logoSize.min}
              max={demoLimits.logoSize.max}
              suffix=" %"
            />
          </div>
        ) : null}
        <TextField
          label="Status text"
          value={settings.platformSettings.statusText}
          onChange={(statusText) => setPlatform({ statusText })}
          placeholder={draft.type === 'instagram' ? demoStatusTexts.instagram : demoStatusTexts.facebook}
          hint={isSocial ? 'Empty uses the platform’s own text' : 'Facebook and Instagram looks'}
          maxLength={80}
        />
        <SwitchField
          label="Show Share button"
          checked={settings.platformSettings.showShareButton}
          onChange={(showShareButton) => setPlatform({ showShareButton })}
        />
      </EditorSection>

      <EditorSection title="Page background">
        <ColorField
          label="Background colour"
          value={settings.backgroundSettings.backgroundColor}
          onChange={(backgroundColor) => setBackground({ backgroundColor })}
          error={errors['backgroundSettings.backgroundColor']}
        />
        <SwitchField
          label="Show title"
          checked={settings.backgroundSettings.showTitle}
          onChange={(showTitle) => setBackground({ showTitle })}
        />
        {settings.backgroundSettings.showTitle ? (
          <>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <TextField
                label="Title"
                value={settings.backgroundSettings.customTitle}
                onChange={(customTitle) => setBackground({ customTitle })}
                placeholder={draft.name || 'The demo name'}
                maxLength={120}
              />
              <NumberField
                label="Title size"
                value={settings.backgroundSettings.titleSize}
                onChange={(titleSize) => setBackground({ titleSize: Math.round(titleSize) })}
                min={demoLimits.titleSize.min}
                max={demoLimits.titleSize.max}
                suffix=" px"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                label="Title colour"
                value={settings.backgroundSettings.titleColor}
                onChange={(titleColor) => setBackground({ titleColor })}
                error={errors['backgroundSettings.titleColor']}
              />
              <ColorField
                label="Title bar colour"
                value={settings.backgroundSettings.headerBackgroundColor}
                onChange={(headerBackgroundColor) => setBackground({ headerBackgroundColor })}
                allowEmpty
                error={errors['backgroundSettings.headerBackgroundColor']}
              />
            </div>
          </>
        ) : null}
        <SwitchField
          label="Show request counter"
          checked={settings.backgroundSettings.showRequestCounter}
          onChange={(showRequestCounter) => setBackground({ showRequestCounter })}
          hint="'N / M requests used'; never in the embedded view"
        />
        {settings.backgroundSettings.showRequestCounter ? (
          <SelectField
            label="Counter position"
            value={settings.backgroundSettings.counterPosition}
            onChange={(counterPosition) => setBackground({ counterPosition })}
            options={corners}
          />
        ) : null}
        <SwitchField
          label="Hide 'Powered by Agentry'"
          checked={settings.hideBranding}
          onChange={(hideBranding) => setSettings({ hideBranding })}
          hint="On the shared and embedded pages"
        />
      </EditorSection>

      <EditorSection
        title="Client message card"
        description="A note to your client beside the demo; they can close it. Never shown in the embedded view."
      >
        <SwitchField
          label="Show client message"
          checked={settings.clientMessage.enabled}
          onChange={(enabled) => setClient({ enabled })}
        />
        {settings.clientMessage.enabled ? (
          <>
            <TextField
              label="Card header"
              value={settings.clientMessage.header}
              onChange={(header) => setClient({ header })}
              maxLength={120}
              placeholder="Hi Sarah 👋"
            />
            <TextField
              label="Card body"
              value={settings.clientMessage.body}
              onChange={(body) => setClient({ body })}
              multiline
              maxLength={1000}
              placeholder="Here is the assistant we talked about. Try asking it about opening hours."
            />
            <SelectField
              label="Card position"
              value={settings.clientMessage.position}
              onChange={(position) => setClient({ position })}
              options={[
                { value: 'left', label: 'Left' },
                { value: 'right', label: 'Right' },
              ]}
            />
          </>
        ) : null}
      </EditorSection>
    </div>
  );
}
