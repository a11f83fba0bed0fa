import { describe, expect, it } from 'vitest';
import {
  HttpToolInput,
  TIMEZONE_MESSAGES,
  isRequiredParameter,
  modelFacingToolSchema,
  normalizeToolSchema,
  numberFieldRange,
  parameterFieldKind,
  parseNumberInput,
  removeArrayItem,
  resolveToolArguments,
  toHttpTool,
  validateTimezoneOffset,
} from './tools';

describe('normalizeToolSchema', () => {
  it('normalises an OpenAI function tool: uppercased slug, full schema, raw kept', () => {
    const raw = {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city', 'ghost'] },
      },
    };
    expect(normalizeToolSchema(raw, { source: 'openai' })).toEqual({
      slug: 'GET_WEATHER',
      schema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        description: 'Weather for a city',
        title: 'get_weather',
      },
      raw,
      version: '1.0.0',
      source: 'openai',
    });
  });

  it('reads catalogue shapes (slug + input_parameters) and fills what is missing', () => {
    const normalized = normalizeToolSchema({
      slug: 'gmail-send email',
      version: '2.1.0',
      input_parameters: { title: 'Send', properties: {} },
    });
    expect(normalized.slug).toBe('GMAIL_SEND_EMAIL');
    expect(normalized.schema).toEqual({ type: 'object', properties: {}, required: [], description: '', title: 'Send' });
    expect(normalized.version).toBe('2.1.0');
    expect(normalized.source).toBe('custom');
  });
});

describe('HTTP tools', () => {
  const tool = toHttpTool(
    HttpToolInput.parse({
      name: 'book_slot',
      url: 'https://api.example.com/book',
      parameters: {
        type: 'object',
        properties: { day: { type: 'string' }, clinic: { type: 'string' }, ghost: { type: 'string' } },
        required: ['day', 'clinic'],
      },
      parameterModes: { clinic: { mode: 'manual', value: 'north' }, unknown: { mode: 'manual', value: 1 } },
    }),
  );

  it('stores the normalised schema and drops modes of unknown parameters', () => {
    expect(tool.slug).toBe('BOOK_SLOT');
    expect(tool.method).toBe('POST');
    expect(tool.parameterModes).toEqual({ clinic: { mode: 'manual', value: 'north' } });
  });

  it('hides manual parameters from the model', () => {
    const schema = modelFacingToolSchema(tool);
    expect(Object.keys(schema.properties)).toEqual(['day', 'ghost']);
    expect(schema.required).toEqual(['day']);
  });

  it('merges the model arguments with the fixed values; the model cannot override them', () => {
    expect(resolveToolArguments(tool, { day: 'monday', clinic: 'south', injected: true })).toEqual({
      day: 'monday',
      clinic: 'north',
    });
  });

  it('refuses a tool URL that is not http(s)', () => {
    expect(HttpToolInput.safeParse({ name: 'x', url: 'file:///etc/passwd' }).success).toBe(false);
    expect(HttpToolInput.safeParse({ name: '1bad', url: 'https://a.example' }).success).toBe(false);
  });
});

describe('timezone validation', () => {
  it.each(['UTC+8', 'UTC-5', 'UTC+5:30', 'UTC+0545', 'UTC-12', 'UTC+14', 'utc+3'])('accepts %s', (value) => {
    expect(validateTimezoneOffset(value)).toBeNull();
  });

  it('rejects a wrong format', () => {
    expect(validateTimezoneOffset('GMT+1')).toBe('Invalid timezone format. Use UTC+X or UTC-X (e.g., UTC+8, UTC-5)');
    expect(validateTimezoneOffset('UTC')).toBe(TIMEZONE_MESSAGES.format);
    expect(validateTimezoneOffset('UTC+5:3')).toBe(TIMEZONE_MESSAGES.format);
  });

  it('rejects an offset outside UTC-12..UTC+14', () => {
    expect(validateTimezoneOffset('UTC+15')).toBe('Timezone offset must be between UTC-12 and UTC+14');
    expect(validateTimezoneOffset('UTC-13')).toBe(TIMEZONE_MESSAGES.range);
    expect(validateTimezoneOffset('UTC+14:30')).toBe(TIMEZONE_MESSAGES.range);
  });

  it('rejects minutes other than 00, 30 or 45', () => {
    expect(validateTimezoneOffset('UTC+5:15')).toBe('Timezone minutes must be 00, 30, or 45');
  });
});

describe('parameter form rules', () => {
  it('turns an empty number into null', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('0')).toBe(0);
    expect(parseNumberInput('2.7', { integer: true })).toBe(2);
    expect(parseNumberInput('abc')).toBeNull();
  });

  it('turns an emptied array into null', () => {
    expect(removeArrayItem(['a', 'b'], 0)).toEqual(['b']);
    expect(removeArrayItem(['a'], 0)).toBeNull();
  });

  it('defaults sliders to 0-100, step 1 for integers, else the multiple or 0.1', () => {
    expect(numberFieldRange({ type: 'integer' })).toEqual({ min: 0, max: 100, step: 1 });
    expect(numberFieldRange({ type: 'number', minimum: 1, maximum: 5 })).toEqual({ min: 1, max: 5, step: 0.1 });
    expect(numberFieldRange({ type: 'number', multipleOf: 0.5 })).toEqual({ min: 0, max: 100, step: 0.5 });
  });

  it('picks a field kind per type, timezone for timezone-named strings, raw JSON otherwise', () => {
    expect(parameterFieldKind('userTimezone', { type: 'string' })).toBe('timezone');
    expect(parameterFieldKind('time_zone', { type: 'string' })).toBe('timezone');
    expect(parameterFieldKind('name', { type: 'string' })).toBe('string');
    expect(parameterFieldKind('size', { type: 'string', enum: ['s', 'm'] })).toBe('enum');
    expect(parameterFieldKind('count', { type: ['integer', 'null'] })).toBe('integer');
    expect(parameterFieldKind('tags', { type: 'array', items: { type: 'string' } })).toBe('array');
    expect(parameterFieldKind('filter', { type: 'object' })).toBe('json');
    expect(parameterFieldKind('anything', {})).toBe('json');
  });

  it('marks required parameters', () => {
    expect(isRequiredParameter({ required: ['a'] }, 'a')).toBe(true);
    expect(isRequiredParameter({ required: ['a'] }, 'b')).toBe(false);
  });
});
