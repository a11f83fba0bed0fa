import { describe, expect, it } from 'vitest';
import { createTextChunkReader } from './create-text-chunk-reader';

/** What the stream reader counts as a chunk with text alone (a simpler rule is enough here). */
function parseTextOnly(raw: string): string | undefined {
  try {
    const data = JSON.parse(raw) as { usage?: unknown; choices?: { delta?: { content?: unknown } }[] };
    const content = data.choices?.[0]?.delta?.content;
    return !data.usage && typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

const chunk = (content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'chatcmpl-1', model: 'm', choices: [{ index: 0, delta: { content } }], ...extra });

describe('reading the text of a chunk shaped like one already parsed', () => {
  it('reads nothing before it has learned a shape', () => {
    const reader = createTextChunkReader(parseTextOnly);
    expect(reader.read(chunk('Hello'))).toBeUndefined();
  });

  it('reads the text of later chunks of the learned shape, escapes and all', () => {
    const reader = createTextChunkReader(parseTextOnly);
    reader.learn(chunk('Hello'), 'Hello');
    expect(reader.read(chunk(' world'))).toBe(' world');
    expect(reader.read(chunk('line\n"quoted" \\ é \u2028'))).toBe('line\n"quoted" \\ é \u2028');
    expect(reader.read(chunk(''))).toBe('');
  });

  it('leaves every chunk of another shape to be parsed whole', () => {
    const reader = createTextChunkReader(parseTextOnly);
    reader.learn(chunk('Hello'), 'Hello');
    // Not a string where the text was, or more than one value there.
    expect(reader.read(chunk(null))).toBeUndefined();
    expect(reader.read(chunk(42))).toBeUndefined();
    expect(reader.read(chunk({ text: 'x' }))).toBeUndefined();
    expect(reader.read(chunk('a').replace('"a"', '"a","content":"b"'))).toBeUndefined();
    expect(reader.read(chunk('a').replace('"a"', '"a'))).toBeUndefined();
    // Other fields, another id, usage beside the text.
    expect(reader.read(chunk('a', { usage: { prompt_tokens: 1 } }))).toBeUndefined();
    expect(reader.read(chunk('a').replace('chatcmpl-1', 'chatcmpl-2'))).toBeUndefined();
    expect(reader.read('[DONE]')).toBeUndefined();
  });

  it('tells apart chunks whose ends differ in content but not in length', () => {
    const reader = createTextChunkReader(parseTextOnly);
    reader.learn(chunk('Hello', { end: 'ab' }), 'Hello');
    expect(reader.read(chunk('a', { end: 'ab' }))).toBe('a');
    expect(reader.read(chunk('a', { end: 'cd' }))).toBeUndefined();
  });

  it('does not learn a shape whose text cannot be told apart, nor one that says more than its text', () => {
    const reader = createTextChunkReader(parseTextOnly);
    // The text also appears as the model's name: which one is the text is not known.
    reader.learn(JSON.stringify({ model: 'm', choices: [{ delta: { content: 'm' } }] }), 'm');
    // Escaped some other way than JSON.stringify writes it.
    reader.learn('{"choices":[{"delta":{"content":"\\u00e9"}}]}', 'é');
    // The text stands where the probe turns out not to be the chunk's text (a second content wins).
    reader.learn('{"choices":[{"delta":{"content":"x","content":"y"}}]}', 'x');
    expect(reader.read(chunk('later'))).toBeUndefined();
    expect(reader.read('{"choices":[{"delta":{"content":"z","content":"y"}}]}')).toBeUndefined();
  });

  it('gives up learning after a few shapes when every chunk differs', () => {
    const reader = createTextChunkReader(parseTextOnly);
    for (let index = 0; index < 3; index += 1)
      reader.learn(chunk(`t${index}`, { obfuscation: `r${index}` }), `t${index}`);
    expect(reader.read(chunk('next', { obfuscation: 'r2' }))).toBe('next');
    // A fourth shape is not learned: chunks of it are still parsed whole.
    reader.learn(chunk('t3', { obfuscation: 'r3' }), 't3');
    expect(reader.read(chunk('next', { obfuscation: 'r3' }))).toBeUndefined();
  });
});
