import { describe, expect, it } from 'vitest';
import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import { answerFromKnowledge, createOfflineLanguageModel, scoreBm25, splitSentences } from './offline-responder';

const instructions = [
  'You are Smile, the receptionist of Acme Dental in Springfield.',
  'We are open Monday to Friday from 9 am to 5 pm.',
  '- Cleanings cost 80 dollars and take 45 minutes.',
  '- We accept Delta and Cigna dental insurance.',
  'Never give medical diagnoses.',
].join('\n');

describe('offline responder', () => {
  it('splits instructions into sentences and list items', () => {
    expect(splitSentences('One. Two!\n- Three\n1. Four')).toEqual(['One.', 'Two!', 'Three', 'Four']);
  });

  it('ranks the sentence that shares the rare words of the question first (BM25)', () => {
    const sentences = splitSentences(instructions);
    const scores = scoreBm25(sentences, 'How much does a cleaning cost?');
    const best = scores.indexOf(Math.max(...scores));
    expect(sentences[best]).toBe('Cleanings cost 80 dollars and take 45 minutes.');
  });

  it('answers from the matching instructions, as the agent, and always says no provider is configured', () => {
    const answer = answerFromKnowledge({
      instructions,
      firstMessage: 'Hi! How can I help?',
      question: 'Do you take Cigna insurance?',
    });
    expect(answer).toContain('We accept Delta and Cigna dental insurance.');
    expect(answer).not.toContain('Cleanings');
    expect(answer.endsWith(OFFLINE_RESPONDER_NOTICE)).toBe(true);
    expect(OFFLINE_RESPONDER_NOTICE).toMatch(/OPENAI_API_KEY, OPENROUTER_API_KEY or OPENAI_BASE_URL/);
    expect(OFFLINE_RESPONDER_NOTICE).toContain('provider key in Settings');
    const who = answerFromKnowledge({ instructions, firstMessage: '', question: 'Who are you, receptionist?' });
    expect(who).toContain('I am Smile, the receptionist of Acme Dental in Springfield.');
  });

  it('falls back to the first message when nothing matches', () => {
    expect(answerFromKnowledge({ instructions, firstMessage: 'Hi! How can I help?', question: 'zzz qqq' })).toBe(
      `Hi! How can I help?\n\n${OFFLINE_RESPONDER_NOTICE}`,
    );
    expect(answerFromKnowledge({ instructions: '', firstMessage: '', question: 'hello' })).toContain(
      'Hello! How can I help you today?',
    );
  });

  it('answers like any provider: whole, and streamed word by word with usage', async () => {
    const model = createOfflineLanguageModel(({ question }) =>
      answerFromKnowledge({ instructions, firstMessage: '', question }),
    );
    const request = {
      messages: [
        { role: 'system' as const, content: 'ignored' },
        { role: 'user' as const, content: 'When are you open on Monday?' },
      ],
    };
    const whole = await model.complete(request);
    expect(whole.text).toContain('Monday to Friday');

    const chunks: string[] = [];
    let outputTokens: number | undefined;
    for await (const event of await model.stream(request)) {
      if (event.type === 'text') chunks.push(event.text);
      else outputTokens = event.usage?.outputTokens;
    }
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join('')).toBe(whole.text);
    expect(outputTokens).toBeGreaterThan(0);

    const stop = new AbortController();
    const stream = (await model.stream(request, stop.signal))[Symbol.asyncIterator]();
    await stream.next();
    stop.abort(new Error('gone'));
    await expect(stream.next()).rejects.toThrow('gone');
  });
});
