import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

type OptionSelectProps<T extends string> = {
  id: string;
  value: T;
  options: readonly { value: T; label: string }[];
  disabled?: boolean;
  onValueChange: (value: T) => void;
};

/** A select of fixed options, labelled from outside through `id`. */
export function OptionSelect<T extends string>({ id, value, options, disabled, onValueChange }: OptionSelectProps<T>) {
  return (
    <Select value={value} disabled={disabled} onValueChange={(next) => onValueChange(next as T)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
