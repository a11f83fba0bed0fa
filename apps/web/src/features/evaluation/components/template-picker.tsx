import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Label } from '@/components/ui/input';
import type { EvaluationTemplate } from '@agentry/core/evaluation';

export const NO_TEMPLATE = '__none__';
export const CREATE_TEMPLATE = '__create__';

type TemplatePickerProps = {
  templates: EvaluationTemplate[];
  isLoading: boolean;
  selected: string;
  onNoTemplate: () => void;
  onLoad: (template: EvaluationTemplate) => void;
  onCreate: () => void;
  /** Viewers load templates but cannot save new ones. */
  canCreate?: boolean;
};

/**
 * docs/product/evaluation.md#test-settings, template picker: 'No Template' (leaves the form as it is), saved
 * templates (applied again when picked again), 'Create new template'.
 */
export function TemplatePicker({
  templates,
  isLoading,
  selected,
  onNoTemplate,
  onLoad,
  onCreate,
  canCreate = true,
}: TemplatePickerProps) {
  const current = templates.find((template) => template._id === selected);
  // The select itself holds no value, so every pick is a change: picking the loaded template again
  // applies it again. The trigger shows what was applied last, or 'No Template'.
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="evaluation-template">Template</Label>
      <Select
        value=""
        onValueChange={(next) => {
          if (next === CREATE_TEMPLATE) return onCreate();
          if (next === NO_TEMPLATE) return onNoTemplate();
          const template = templates.find((candidate) => candidate._id === next);
          if (template) onLoad(template);
        }}
      >
        <SelectTrigger id="evaluation-template">
          <SelectValue
            placeholder={<span className="text-foreground">{current?.templateName ?? 'No Template'}</span>}
          />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_TEMPLATE}>No Template</SelectItem>
          {isLoading ? (
            <SelectItem value="__loading__" disabled>
              Loading templates…
            </SelectItem>
          ) : null}
          {templates.map((template) => (
            <SelectItem key={template._id} value={template._id}>
              {template.templateName}
            </SelectItem>
          ))}
          {canCreate ? (
            <>
              <SelectSeparator />
              <SelectItem value={CREATE_TEMPLATE}>Create new template</SelectItem>
            </>
          ) : null}
        </SelectContent>
      </Select>
    </div>
  );
}
