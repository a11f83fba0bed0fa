import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { evaluationTestingModels, type EvaluationResponseFormat } from '@agentry/core/evaluation';
import { evaluationSamplingDefaults } from '@agentry/core/evaluation-defaults';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { DecimalField } from '../components/decimal-field';
import { EvaluationPage } from '../components/evaluation-page';
import { KeySourceNotice } from '../components/key-source-notice';
import { useKeySource } from '../hooks/use-key-source';
import { useStoredState } from '../hooks/use-stored-state';
import { evaluationStorageKeys } from '../lib/evaluation-storage';
import { testSettingsPath } from '../lib/evaluation-type';
import { defaultLocalSettings, isLocalSettings, type EvaluationLocalSettings } from '../lib/local-settings';

/** `/new-evaluation/openai-chatcompletion`: the model, system prompt and sampling settings under test. */
export function ChatCompletionEvaluationPage() {
  const navigate = useNavigate();
  const [settings, setSettings] = useStoredState(evaluationStorageKeys.settings, defaultLocalSettings, isLocalSettings);
  const [errors, setErrors] = useState<{ model?: string; prompt?: string }>({});
  const keySource = useKeySource('openai');
  const set = <K extends keyof EvaluationLocalSettings>(key: K, value: EvaluationLocalSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  const next = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      model: settings.model.trim() ? undefined : 'Enter the model to test',
      prompt: settings.prompt.trim() ? undefined : 'Enter the system prompt to test',
    };
    setErrors(found);
    if (found.model || found.prompt) return;
    setSettings((current) => ({
      ...current,
      evaluation_type: 'openai-chatcompletion',
      assistant_id: '',
      assistantName: '',
    }));
    await navigate(testSettingsPath('openai-chatcompletion'));
  };

  return (
    <EvaluationPage className="max-w-3xl">
      <form
        onSubmit={(event) => void next(event)}
        className="grid gap-6"
        aria-label="Chat completion evaluation"
        noValidate
      >
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">Evaluate a chat completion</h2>
          <p className="text-sm text-muted-foreground">
            The model and system prompt you test answer every simulated conversation, exactly as configured here.
          </p>
        </div>
        <KeySourceNotice source={keySource} />
        <div className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:p-5">
          <div className="grid gap-2">
            <Label htmlFor="evaluation-name">Evaluation name</Label>
            <Input
              id="evaluation-name"
              value={settings.evaluationName}
              maxLength={200}
              placeholder="e.g. Solar assistant, May prompt"
              onChange={(event) => set('evaluationName', event.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="evaluation-model">Model</Label>
              <Input
                id="evaluation-model"
                list="evaluation-model-options"
                value={settings.model}
                maxLength={200}
                onChange={(event) => set('model', event.target.value)}
                aria-invalid={errors.model ? true : undefined}
                aria-describedby={errors.model ? 'evaluation-model-error' : undefined}
              />
              <datalist id="evaluation-model-options">
                {evaluationTestingModels.map((model) => (
                  <option key={model} value={model} />
                ))}
              </datalist>
              <FieldError id="evaluation-model-error">{errors.model}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="evaluation-response-format">Response format</Label>
              <Select
                value={settings.responseFormat}
                onValueChange={(value) => set('responseFormat', value as EvaluationResponseFormat)}
              >
                <SelectTrigger id="evaluation-response-format">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="text">Text</SelectItem>
                  <SelectItem value="json_object">JSON object</SelectItem>
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="evaluation-system-prompt">System prompt</Label>
            <Textarea
              id="evaluation-system-prompt"
              value={settings.prompt}
              onChange={(event) => set('prompt', event.target.value)}
              className="min-h-40"
              placeholder="You are the friendly assistant of Sunny Roofs Solar. You help homeowners compare solar panel options…"
              aria-invalid={errors.prompt ? true : undefined}
              aria-describedby={errors.prompt ? 'evaluation-system-prompt-error' : undefined}
            />
            <FieldError id="evaluation-system-prompt-error">{errors.prompt}</FieldError>
          </div>
        </div>
        <fieldset className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-sm font-semibold">Sampling settings</legend>
          <DecimalField
            label="Temperature"
            hint={`0 to 2 · default ${evaluationSamplingDefaults.temperature}`}
            value={settings.temperature}
            min={0}
            max={2}
            step={0.1}
            onChange={(value) => set('temperature', value)}
          />
          <DecimalField
            label="Max tokens"
            hint={`1 to 128000 · default ${evaluationSamplingDefaults.maxTokens}`}
            value={settings.maxTokens}
            min={1}
            max={128_000}
            step={1}
            isInteger
            onChange={(value) => set('maxTokens', value)}
          />
          <DecimalField
            label="Top P"
            hint={`0 to 1 · default ${evaluationSamplingDefaults.topP}`}
            value={settings.topP}
            min={0}
            max={1}
            step={0.05}
            onChange={(value) => set('topP', value)}
          />
          <DecimalField
            label="Frequency penalty"
            hint={`-2 to 2 · default ${evaluationSamplingDefaults.frequencyPenalty}`}
            value={settings.frequencyPenalty}
            min={-2}
            max={2}
            step={0.1}
            onChange={(value) => set('frequencyPenalty', value)}
          />
          <DecimalField
            label="Presence penalty"
            hint={`-2 to 2 · default ${evaluationSamplingDefaults.presencePenalty}`}
            value={settings.presencePenalty}
            min={-2}
            max={2}
            step={0.1}
            onChange={(value) => set('presencePenalty', value)}
          />
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit">
            Next
            <ArrowRight aria-hidden />
          </Button>
        </div>
      </form>
    </EvaluationPage>
  );
}
