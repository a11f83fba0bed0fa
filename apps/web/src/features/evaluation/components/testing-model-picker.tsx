import { useQuery } from '@tanstack/react-query';
import { evaluationTestingModels, type TestingModel } from '@agentry/core/evaluation';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { testingModelsQuery } from '../api/evaluation-api';

const fallbackModels: TestingModel[] = evaluationTestingModels.map((id) => ({ id, label: id, provider: 'openai' }));

/** docs/product/evaluation.md#test-settings, testing model: the server's list (the four documented models plus configured providers'), else those four. */
export function TestingModelPicker({ value, onChange }: { value: string; onChange: (model: string) => void }) {
  const models = useQuery(testingModelsQuery());
  const options = models.data?.models.length ? models.data.models : fallbackModels;
  const hasValue = value !== '' && !options.some((model) => model.id === value);
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="evaluation-testing-model">Testing model</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="evaluation-testing-model" aria-describedby="evaluation-testing-model-hint">
          <SelectValue placeholder={models.isLoading ? 'Loading models…' : 'Select a testing model'} />
        </SelectTrigger>
        <SelectContent>
          {hasValue ? <SelectItem value={value}>{value}</SelectItem> : null}
          {options.map((model) => (
            <SelectItem key={model.id} value={model.id}>
              {model.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id="evaluation-testing-model-hint" className="text-xs text-muted-foreground">
        Plays the user, rewords the questions and judges every answer.
      </p>
    </div>
  );
}
