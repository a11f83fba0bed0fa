/** How many chunks of one stream may be taken as the model for the others before the reader gives up. */
const MAX_LEARNED_SHAPES = 3;

/**
 * The chunks of one streamed answer are nearly all alike: the same id, model and fields, with only
 * the text differing. Once one chunk that carried text alone has been parsed, the text of every
 * later chunk of the same shape (its JSON is the learned chunk's, with another string in place of
 * the text) is read by parsing that string alone, not the whole object with all its fields.
 *
 * A shape is learned only after a check: the learned chunk with another string in place of its text
 * (two others, in turn) must parse to that text and nothing else (`readTextOnly`). A chunk of any other shape (the first,
 * the last, one with a tool call, usage or an error) is not read here and is parsed whole by the
 * caller. A provider whose chunks all differ (a random field in each) stops being learned from
 * after a few tries.
 */
export function createTextChunkReader(readTextOnly: (raw: string) => string | undefined) {
  let prefix = '';
  let suffix = '';
  let isLearned = false;
  let learned = 0;

  return {
    /** The text of a chunk of the learned shape; undefined when it has another shape. */
    read(raw: string): string | undefined {
      if (!isLearned || raw.length <= prefix.length + suffix.length) return undefined;
      const end = raw.length - suffix.length;
      // Compared as strings, not with startsWith / endsWith, which took about 1 µs a chunk on the
      // event reader's strings; two string comparisons cost a fraction of that.
      if (raw.slice(0, prefix.length) !== prefix || raw.slice(end) !== suffix) return undefined;
      const token = raw.slice(prefix.length, end);
      // A string and nothing else: it starts with a quote and parses to a string.
      if (token.charCodeAt(0) !== 34) return undefined;
      let text: unknown;
      try {
        text = JSON.parse(token);
      } catch {
        return undefined;
      }
      return typeof text === 'string' ? text : undefined;
    },

    /** Learns the shape of a chunk that was parsed whole and gave `text` and nothing else. */
    learn(raw: string, text: string) {
      if (learned >= MAX_LEARNED_SHAPES || !text) return;
      const token = JSON.stringify(text);
      const at = raw.indexOf(token);
      // Written some other way (escaped differently) or more than once: no telling which is the text.
      if (at === -1 || raw.indexOf(token, at + 1) !== -1) return;
      learned += 1;
      const candidatePrefix = raw.slice(0, at);
      const candidateSuffix = raw.slice(at + token.length);
      // Two strings unlike the text, each of which must come back as the chunk's text.
      const probes = ['first probe', 'second probe', 'third probe'].filter((probe) => probe !== text).slice(0, 2);
      for (const probe of probes)
        if (readTextOnly(candidatePrefix + JSON.stringify(probe) + candidateSuffix) !== probe) return;
      prefix = candidatePrefix;
      suffix = candidateSuffix;
      isLearned = true;
    },
  };
}

export type TextChunkReader = ReturnType<typeof createTextChunkReader>;
