type Encoder = { countTokens: (text: string) => number };
type EncodingName = 'o200k_base' | 'cl100k_base';

/** Tokenizing beyond this per prompt is not worth the wait: the rest counts a token a character. */
const TOKENIZE_BUDGET_MS = 25;
/**
 * Pieces tokenized at once (a cut inside a word adds a token or two: the estimate only grows);
 * the event loop gets a turn between pieces, so other requests are never held up for long.
 */
const PIECE_CHARS = 2000;
/**
 * A run this long without whitespace (CJK prose, base64, minified code) is where BPE gets slow
 * (its cost grows with the run's length) and where characters are densest in tokens: it counts
 * one token per character, which is never less than a tokenizer would count for CJK text.
 */
const LONG_RUN = /(\S{200,})/u;
/** The chat format's framing around each message (role, separators). */
const TOKENS_PER_MESSAGE = 4;

const encoders = new Map<EncodingName, Promise<Encoder>>();

/** Loaded on the first billed call, not at start-up (the ranks take a few hundred milliseconds to load). */
function loadEncoder(name: EncodingName): Promise<Encoder> {
  let encoder = encoders.get(name);
  if (!encoder) {
    encoder =
      name === 'cl100k_base'
        ? import('gpt-tokenizer/encoding/cl100k_base')
        : import('gpt-tokenizer/encoding/o200k_base');
    encoders.set(name, encoder);
    // A failed load is retried by the next call.
    encoder.catch(() => encoders.delete(name));
  }
  return encoder;
}

/** GPT-4 and GPT-3.5 count with cl100k; every newer model (and, as the closest estimate, other providers') with o200k. */
function encodingForModel(model: string): EncodingName {
  return /(^|\/)gpt-(3\.5|4)(?!o|\.\d)/i.test(model) ? 'cl100k_base' : 'o200k_base';
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * An estimate of the input tokens of a prompt, for sizing a credit hold before the call (the
 * charge itself is the usage the provider reports). Counts with the model family's BPE
 * tokenizer, within a time budget, and a character a token where tokenizing would be slow.
 */
export async function estimatePromptTokens(options: {
  model: string;
  texts: readonly string[];
  now?: () => number;
}): Promise<number> {
  const now = options.now ?? (() => performance.now());
  const encoder = await loadEncoder(encodingForModel(options.model));
  const deadline = now() + TOKENIZE_BUDGET_MS;
  let tokens = options.texts.length * TOKENS_PER_MESSAGE;
  for (const text of options.texts) {
    for (const [index, part] of text.split(LONG_RUN).entries()) {
      // split() with a capture group alternates: plain text at even indexes, long runs at odd ones.
      if (index % 2 === 1) {
        tokens += countCharacters(part);
        continue;
      }
      for (let start = 0; start < part.length;) {
        let end = Math.min(start + PIECE_CHARS, part.length);
        // Never cut a surrogate pair in two.
        if (end < part.length && /[\uD800-\uDBFF]/.test(part.charAt(end - 1))) end += 1;
        const piece = part.slice(start, end);
        if (now() < deadline) {
          tokens += encoder.countTokens(piece);
          await yieldToEventLoop();
        } else {
          tokens += countCharacters(piece);
        }
        start = end;
      }
    }
  }
  return tokens;
}
