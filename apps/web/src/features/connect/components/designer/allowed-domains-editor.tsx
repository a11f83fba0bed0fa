import { WidgetSettings, widgetLimits } from '@agentry/core/widget';
import { Globe, X } from 'lucide-react';
import { AddItemInput } from './add-item-input';

/** The schema of one allowed domain, taken from the shared contract so the message is the server's. */
const AllowedDomain = WidgetSettings.shape.allowedDomains.unwrap().element;
const addKeys = ['Enter', ','];

/** Parses a typed domain; a pasted address keeps only its host (and port). */
export function parseAllowedDomain(input: string): { domain: string } | { error: string } {
  let candidate = input.trim();
  if (/^https?:\/\//i.test(candidate)) {
    try {
      candidate = new URL(candidate).host;
    } catch {
      // Left as typed; the schema explains what is wrong.
    }
  }
  const result = AllowedDomain.safeParse(candidate);
  if (result.success) return { domain: result.data };
  return { error: result.error.issues[0]?.message ?? 'Enter a domain such as example.com or *.example.com' };
}

/** Where the widget may be embedded: chips; an empty list means anywhere. */
export function AllowedDomainsEditor({
  value,
  disabled,
  onChange,
}: {
  value: readonly string[];
  disabled: boolean;
  onChange: (next: string[]) => void;
}) {
  const isFull = value.length >= widgetLimits.allowedDomains.max;
  const parse = (draft: string) => {
    const parsed = parseAllowedDomain(draft);
    if ('error' in parsed) return parsed;
    if (value.includes(parsed.domain)) return { error: `${parsed.domain} is already in the list` };
    return { item: parsed.domain };
  };

  return (
    <div className="grid gap-3">
      {value.length > 0 ? (
        <ul aria-label="Allowed domains" className="flex flex-wrap gap-2">
          {value.map((domain) => (
            <li
              key={domain}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-background py-1 pl-3 pr-1 text-sm"
            >
              <Globe className="size-3.5 text-muted-foreground" aria-hidden />
              {domain}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${domain}`}
                onClick={() => onChange(value.filter((other) => other !== domain))}
                className="ml-1 cursor-pointer rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          Any website may embed this widget. Add domains to allow only those.
        </p>
      )}
      <AddItemInput
        label="Add an allowed domain"
        placeholder="example.com or *.example.com"
        disabled={disabled || isFull}
        addKeys={addKeys}
        parse={parse}
        onAdd={(domain) => onChange([...value, domain])}
        inputProps={{ spellCheck: false, autoCapitalize: 'none' }}
      />
    </div>
  );
}
