import { z } from 'zod';

/**
 * Validation issues that carry a schema's own message (the product's texts) keep it; the
 * library's generic ones ("Too big: expected number to be <=10") become a sentence that names
 * the field: "Concurrency must be at most 10."
 */
export function toHumanValidationMessage(issue: {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}): string {
  const message = issue.message ?? '';
  if (message && !isGenericLibraryMessage({ ...issue, message })) return message;
  const field = fieldLabel(issue.instancePath);
  const params = issue.params ?? {};
  const origin = typeof params.origin === 'string' ? params.origin : 'number';
  switch (issue.keyword) {
    case 'too_big':
      return `${field} must be ${params.inclusive === false ? 'less than' : 'at most'} ${String(params.maximum)}${unitOf(origin, params.maximum)}.`;
    case 'too_small':
      if ((origin === 'string' || origin === 'array') && Number(params.minimum) === 1) return `${field} is required.`;
      return `${field} must be ${params.inclusive === false ? 'more than' : 'at least'} ${String(params.minimum)}${unitOf(origin, params.minimum)}.`;
    case 'invalid_type':
      return /received undefined/.test(message) ? `${field} is required.` : `${field} has the wrong type.`;
    case 'invalid_value':
      return Array.isArray(params.values) && params.values.length > 0 && params.values.length <= 8
        ? `${field} must be one of: ${params.values.map(String).join(', ')}.`
        : `${field} has a value that is not allowed.`;
    case 'invalid_format':
      return `${field} is not a valid ${typeof params.format === 'string' ? params.format.replaceAll('_', ' ') : 'value'}.`;
    case 'unrecognized_keys':
      return `The request has fields this action does not take: ${Array.isArray(params.keys) ? params.keys.join(', ') : ''}.`;
    default:
      return `${field} is not valid.`;
  }
}

const libraryMessages = z.locales.en();

/** Whether the message is the one the validation library writes itself (not a schema's own text). */
function isGenericLibraryMessage(issue: { keyword: string; message: string; params?: Record<string, unknown> }) {
  // The type message names the received type, which the issue no longer carries.
  if (issue.keyword === 'invalid_type' && issue.message.startsWith('Invalid input: expected ')) return true;
  const generic = libraryMessages.localeError({ ...issue.params, code: issue.keyword } as never);
  return (typeof generic === 'string' ? generic : generic?.message) === issue.message;
}

function unitOf(origin: string, amount: unknown) {
  const plural = Number(amount) === 1 ? '' : 's';
  if (origin === 'string') return ` character${plural}`;
  if (origin === 'array' || origin === 'set') return ` item${plural}`;
  return '';
}

/** `settings/maxTokens` -> 'Max tokens'; `questions/3/text` -> 'Text'; the root -> 'The request'. */
function fieldLabel(instancePath: string) {
  const name = instancePath
    .split('/')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .at(-1);
  if (!name) return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
