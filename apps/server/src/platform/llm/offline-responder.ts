import { DEFAULT_FIRST_MESSAGE } from '@agentry/core/agents';
import { estimateTokens, OFFLINE_MODEL, OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import type { ChatModel, ChatRequest, ChatStreamEvent, ChatUsage } from './language-model';

/**
 * The embedded default when no AI provider is configured: it answers from the agent's own
 * instructions and first message, picking the sentences that best match the question (BM25),
 * and always says plainly that no provider is configured and how to set one. It answers the
 * gateway's model interface, so the gateway runs it exactly like a provider (streaming too).
 */

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does for from has have how i if in into is it its me my no not of on or our ' +
    'please so that the their them then there these they this to was we were what when where which who why will with would ' +
    'you your yours about any all also am just than too very should shall may might must been being did doing tell give want'
  ).split(' '),
);

function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length > 1 && !STOPWORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/** Sentences and list items of a text, without list markers. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ''))
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Okapi BM25 score of every document for the query (k1 1.5, b 0.75). */
export function scoreBm25(documents: readonly string[], query: string): number[] {
  const queryTerms = [...new Set(tokenize(query))];
  const tokenized = documents.map(tokenize);
  const averageLength = tokenized.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, tokenized.length) || 1;
  const k1 = 1.5;
  const b = 0.75;
  const inverseFrequency = new Map(
    queryTerms.map((term) => {
      const containing = tokenized.filter((terms) => terms.includes(term)).length;
      return [term, Math.log(1 + (tokenized.length - containing + 0.5) / (containing + 0.5))];
    }),
  );
  return tokenized.map((terms) =>
    queryTerms.reduce((score, term) => {
      const frequency = terms.filter((entry) => entry === term).length;
      if (frequency === 0) return score;
      const idf = inverseFrequency.get(term) ?? 0;
      return score + (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * terms.length) / averageLength));
    }, 0),
  );
}

/** Instructions speak to the agent ("You are Smile"); the answer speaks as the agent. */
function toFirstPerson(sentence: string): string {
  return sentence
    .replace(/^you are\b/i, 'I am')
    .replace(/^you're\b/i, "I'm")
    .replace(/^your\b/i, 'My');
}

const MAX_SENTENCES = 3;
const RELEVANCE_RATIO = 0.5;

/** The offline answer to a question, from the agent's instructions and first message. */
export function answerFromKnowledge(options: { instructions: string; firstMessage: string; question: string }): string {
  const sentences = [...splitSentences(options.instructions), ...splitSentences(options.firstMessage)];
  const scores = scoreBm25(sentences, options.question);
  const top = Math.max(0, ...scores);
  const best = scores
    .map((score, index) => ({ score, index }))
    // Sentences far below the best match share only a common word with the question.
    .filter((entry) => entry.score > 0 && entry.score >= top * RELEVANCE_RATIO)
    .sort((left, right) => right.score - left.score || left.index - right.index)
    .slice(0, MAX_SENTENCES)
    .sort((left, right) => left.index - right.index)
    .map((entry) => toFirstPerson(sentences[entry.index] as string));
  const answer = best.length > 0 ? best.join(' ') : options.firstMessage.trim() || DEFAULT_FIRST_MESSAGE;
  return `${answer}\n\n${OFFLINE_RESPONDER_NOTICE}`;
}

function readPrompt(request: ChatRequest): { system: string; question: string; promptText: string } {
  let system = '';
  let question = '';
  const texts: string[] = [];
  for (const message of request.messages) {
    const text = message.content ?? '';
    texts.push(text);
    if (message.role === 'system') system += `${text}\n`;
    if (message.role === 'user') question = text;
  }
  return { system: system.trim(), question, promptText: texts.join('\n') };
}

function usageOf(promptText: string, answer: string): ChatUsage {
  return { inputTokens: estimateTokens(promptText), outputTokens: estimateTokens(answer) };
}

export type OfflineResponse = (prompt: { system: string; question: string }) => string;

/** A model that answers with `respond`, and streams the answer word by word. */
export function createOfflineLanguageModel(respond: OfflineResponse): ChatModel {
  return {
    provider: 'offline',
    modelId: OFFLINE_MODEL,
    complete(request) {
      const prompt = readPrompt(request);
      const text = respond(prompt);
      return Promise.resolve({ text, toolCalls: [], usage: usageOf(prompt.promptText, text), finishReason: 'stop' });
    },
    stream(request, signal) {
      const prompt = readPrompt(request);
      const text = respond(prompt);
      async function* events(): AsyncGenerator<ChatStreamEvent> {
        for (const word of text.match(/\s*\S+\s*/g) ?? []) {
          // A word per turn, as a provider's chunks arrive: a reader that went away stops it.
          await Promise.resolve();
          signal?.throwIfAborted();
          yield { type: 'text', text: word };
        }
        yield { type: 'finish', toolCalls: [], usage: usageOf(prompt.promptText, text), finishReason: 'stop' };
      }
      return Promise.resolve(events());
    },
  };
}
