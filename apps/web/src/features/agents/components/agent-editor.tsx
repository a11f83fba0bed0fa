import { agentCategories, agentSamplingDefaults, AgentCategory, AgentType } from '@agentry/core/agents';
import {
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENROUTER_MODEL,
  LlmProvider,
  modelPrices,
  OFFLINE_MODEL,
  type ProviderKey,
} from '@agentry/core/llm';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { agentTypeLabels, providerLabels } from '../lib/agent-labels';
import type { AgentFormErrors, AgentFormValues } from '../lib/agent-form';
import { SamplingField } from './sampling-field';
import { ChipsInput, TextListEditor } from './text-list-editor';
import { ToolsEditor } from './tools-editor';

const AUTOMATIC_KEY = '__automatic__';

const openAiModels = Object.keys(modelPrices).filter((model) => model.startsWith('gpt-') || /^o\d/.test(model));
const modelSuggestions: Record<LlmProvider, string[]> = {
  openai: openAiModels,
  openrouter: [
    'openai/gpt-4o-mini',
    'openai/gpt-4o',
    'anthropic/claude-3.5-sonnet',
    'anthropic/claude-3.5-haiku',
    'google/gemini-2.0-flash-001',
    'meta-llama/llama-3.1-70b-instruct',
  ],
  'openai-compatible': openAiModels,
  offline: [OFFLINE_MODEL],
};

function defaultModelFor(provider: LlmProvider) {
  if (provider === 'offline') return OFFLINE_MODEL;
  if (provider === 'openrouter') return DEFAULT_OPENROUTER_MODEL;
  return DEFAULT_OPENAI_MODEL;
}

type AgentEditorProps = {
  values: AgentFormValues;
  onChange: (values: AgentFormValues) => void;
  errors: AgentFormErrors;
  providerKeys: ProviderKey[];
  disabled: boolean;
};

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <h3 id={headingId} className="text-base font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-5">{children}</div>
    </section>
  );
}

/** Every setting of an agent, grouped the way people think about them. */
/** The five sampling settings: each a slider with a number box, in this order. */
const samplingFields: {
  name: keyof typeof agentSamplingDefaults;
  label: string;
  description: string;
  min: number;
  max: number;
  sliderMax?: number;
  step: number;
  isInteger?: boolean;
}[] = [
  {
    name: 'temperature',
    label: 'Temperature',
    description: 'Higher is more creative, lower more predictable.',
    min: 0,
    max: 2,
    step: 0.1,
  },
  {
    name: 'maxTokens',
    label: 'Max tokens',
    description: 'The longest answer, in tokens (about ¾ of a word each).',
    min: 1,
    max: 128000,
    sliderMax: 16384,
    step: 1,
    isInteger: true,
  },
  {
    name: 'topP',
    label: 'Top P',
    description: 'Samples only from the most likely words that add up to this share.',
    min: 0,
    max: 1,
    step: 0.05,
  },
  {
    name: 'frequencyPenalty',
    label: 'Frequency penalty',
    description: 'Above 0, the agent repeats the same words less.',
    min: -2,
    max: 2,
    step: 0.1,
  },
  {
    name: 'presencePenalty',
    label: 'Presence penalty',
    description: 'Above 0, the agent moves on to new topics more readily.',
    min: -2,
    max: 2,
    step: 0.1,
  },
];

export function AgentEditor({ values, onChange, errors, providerKeys, disabled }: AgentEditorProps) {
  const ids = {
    name: useId(),
    category: useId(),
    instructions: useId(),
    firstMessage: useId(),
    provider: useId(),
    model: useId(),
    models: useId(),
    key: useId(),
    type: useId(),
  };
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const keysOfProvider = providerKeys.filter((key) => key.provider === values.provider);

  const changeProvider = (provider: LlmProvider) => {
    const wasDefaultish =
      values.model.trim() === '' ||
      values.model === OFFLINE_MODEL ||
      values.provider === 'offline' ||
      provider === 'offline';
    onChange({
      ...values,
      provider,
      model: wasDefaultish ? defaultModelFor(provider) : values.model,
      providerKeyId: providerKeys.some((key) => key.id === values.providerKeyId && key.provider === provider)
        ? values.providerKeyId
        : null,
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Section title="Identity" description="How the agent is called and where it is filed.">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            value={values.aiName}
            onChange={(event) => set('aiName', event.target.value)}
            maxLength={80}
            disabled={disabled}
            aria-invalid={errors.aiName ? true : undefined}
          />
          <FieldError>{errors.aiName}</FieldError>
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <span id={ids.type} className="text-sm font-medium leading-none">
              Type
            </span>
            <ToggleGroup
              type="single"
              value={values.type}
              onValueChange={(type) => type && set('type', AgentType.parse(type))}
              disabled={disabled}
              aria-labelledby={ids.type}
              className="w-full"
            >
              {AgentType.options.map((type) => (
                <ToggleGroupItem key={type} value={type} className="flex-1 px-3">
                  {agentTypeLabels[type]}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
            <p className="text-xs text-muted-foreground">
              {values.type === 'assistant'
                ? 'Answers from its stored instructions.'
                : 'A model call with your sampling settings on every turn.'}
            </p>
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.category}>Category</Label>
            <Select
              value={values.category}
              onValueChange={(category) => set('category', AgentCategory.parse(category))}
              disabled={disabled}
            >
              <SelectTrigger id={ids.category}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {agentCategories.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      </Section>

      <Section
        title="Conversation"
        description="What the agent knows, how it opens and what visitors can tap to start."
      >
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.instructions}>Instructions</Label>
          <Textarea
            id={ids.instructions}
            value={values.instructions}
            onChange={(event) => set('instructions', event.target.value)}
            rows={10}
            maxLength={32000}
            disabled={disabled}
            placeholder="You are the friendly receptionist of …"
            aria-invalid={errors.instructions ? true : undefined}
            className="min-h-48 leading-relaxed"
          />
          <p className="text-right text-xs text-muted-foreground">{values.instructions.length}/32000</p>
          <FieldError>{errors.instructions}</FieldError>
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={ids.firstMessage}>First message</Label>
          <Textarea
            id={ids.firstMessage}
            value={values.firstMessage}
            onChange={(event) => set('firstMessage', event.target.value)}
            rows={2}
            maxLength={2000}
            disabled={disabled}
            placeholder="Hello! How can I help you today?"
          />
          <FieldError>{errors.firstMessage}</FieldError>
        </div>
        <TextListEditor
          label="Suggested replies"
          itemName="reply"
          values={values.suggestedResponses}
          onChange={(replies) => set('suggestedResponses', replies)}
          maxItems={10}
          placeholder="What are your opening hours?"
          disabled={disabled}
          error={errors.suggestedResponses}
        />
      </Section>

      <Section title="Model" description="Which model answers, with which key, and how it samples.">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.provider}>Provider</Label>
            <Select
              value={values.provider}
              onValueChange={(provider) => changeProvider(LlmProvider.parse(provider))}
              disabled={disabled}
            >
              <SelectTrigger id={ids.provider}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LlmProvider.options.map((provider) => (
                  <SelectItem key={provider} value={provider}>
                    {providerLabels[provider]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.model}>Model</Label>
            <Input
              id={ids.model}
              value={values.model}
              onChange={(event) => set('model', event.target.value)}
              list={ids.models}
              disabled={disabled || values.provider === 'offline'}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.model ? true : undefined}
              className="font-mono"
            />
            <datalist id={ids.models}>
              {modelSuggestions[values.provider].map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
            <FieldError>{errors.model}</FieldError>
          </div>
        </div>

        {values.provider === 'offline' ? (
          <p className="rounded-[var(--radius-control)] bg-muted p-3 text-sm text-muted-foreground">
            The offline responder answers from the agent&apos;s own instructions and first message, with no AI provider.
            Pick OpenAI, OpenRouter or an OpenAI-compatible server for real AI answers.
          </p>
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
            <Label htmlFor={ids.key}>API key</Label>
            <Select
              value={values.providerKeyId ?? AUTOMATIC_KEY}
              onValueChange={(keyId) => set('providerKeyId', keyId === AUTOMATIC_KEY ? null : keyId)}
              disabled={disabled}
            >
              <SelectTrigger id={ids.key}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={AUTOMATIC_KEY}>
                  Automatic: the newest {providerLabels[values.provider]} key, else the platform key
                </SelectItem>
                {keysOfProvider.map((key) => (
                  <SelectItem key={key.id} value={key.id}>
                    {key.label || providerLabels[key.provider]} ••••{key.lastFour}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">
              Your own keys are managed in{' '}
              <Link
                to="/settings#provider-keys"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Settings
              </Link>
              . Platform-key calls cost credits.
            </p>
          </div>
        )}

        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
          {samplingFields.map(({ name, ...field }) => (
            <SamplingField
              key={name}
              {...field}
              value={values[name]}
              onChange={(value) => set(name, value)}
              defaultValue={agentSamplingDefaults[name]}
              disabled={disabled}
              error={errors[name]}
            />
          ))}
          <ChipsInput
            label="Stop sequences"
            description="The answer ends where one of these appears. At most 4."
            values={values.stopSequences}
            onChange={(stopSequences) => set('stopSequences', stopSequences)}
            maxItems={4}
            disabled={disabled}
            error={errors.stopSequences}
          />
        </div>
      </Section>

      <Section title="Tools" description="HTTP endpoints the agent may call during a conversation.">
        <ToolsEditor
          tools={values.tools}
          onChange={(tools) => set('tools', tools)}
          disabled={disabled}
          error={errors.tools}
        />
      </Section>
    </div>
  );
}
