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

/** docs/product/evaluation.md#test-settings, template picker: 'No Template' (does nothing), saved templates, 'Create new template'. */
export function TemplatePicker({
  templates,
  isLoading,
  selected,
  onNoTemplate,
  onLoad,
  onCreate,
  canCreate = true,
}: TemplatePickerProps) {
  const value = templates.some((template) => template._id === selected) ? selected : NO_TEMPLATE;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="evaluation-template">Template</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          if (next === CREATE_TEMPLATE) return onCreate();
          if (next === NO_TEMPLATE) return onNoTemplate();
          const template = templates.find((candidate) => candidate._id === next);
          if (template) onLoad(template);
        }}
      >
        <SelectTrigger id="evaluation-template">
          <SelectValue placeholder="No Template" />
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
