import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { callTestingModel, type TestingModelAnswer } from './call-testing-model';
import type { TranscriptMessage } from '../evaluation-types';
import { offlineSimulatedUserMessage } from './offline-simulated-user';
import type { TestingModel } from '../settings/resolve-testing-model';

export type SimulatedUserBrief = {
  userDescription: string;
  conversationFlow: string;
  hallucinationInstruction: string;
};

export function simulatedUserSystemPrompt(brief: SimulatedUserBrief, upcomingQuestion: string): string {
  return [
    'You are role-playing a USER who is chatting with an AI assistant, to test that assistant.',
    `Who you are and what you want: ${brief.userDescription.trim() || 'A visitor with a question.'}`,
    brief.conversationFlow.trim() ? `How the conversation should flow: ${brief.conversationFlow.trim()}` : '',
    brief.hallucinationInstruction.trim() ? `Also: ${brief.hallucinationInstruction.trim()}` : '',
    `Later in this conversation you will ask: "${upcomingQuestion}". Do not ask it yet; lead towards it naturally.`,
    "Write ONLY the user's next message, in the first person, one to three sentences.",
    'Never write as the assistant, never answer for the assistant, no labels such as "User:", no quotes around your message.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Strips a role label or quotes a model may add despite being told not to. */
function cleanUserMessage(text: string): string {
  return text
    .trim()
    .replace(/^(user|me|customer)\s*:\s*/i, '')
    .replace(/^"(.*)"$/s, '$1')
    .trim();
}

/**
 * The simulated user's message for `turn` (a turn before the question): the testing model
 * continues the conversation as the user. Roles are mirrored for it, so the assistant's
 * messages are its "user" input and it writes the next "assistant" (= user) line.
 */
export async function simulateUserTurn(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  testingModel: TestingModel;
  brief: SimulatedUserBrief;
  upcomingQuestion: string;
  transcript: readonly TranscriptMessage[];
  turn: number;
  signal?: AbortSignal;
}): Promise<TestingModelAnswer> {
  const mirrored: ModelMessage[] = options.transcript.map((message) => ({
    role: message.role === 'user' ? 'assistant' : 'user',
    content: message.content,
  }));
  // The model must answer a user message: open with a cue when the transcript is empty or ends with the user.
  if (mirrored.length === 0 || mirrored.at(-1)?.role === 'assistant')
    mirrored.push({ role: 'user', content: '(The assistant is waiting for your message.)' });
  const answer = await callTestingModel({
    db: options.db,
    config: options.config,
    logger: options.logger,
    testingModel: options.testingModel,
    system: simulatedUserSystemPrompt(options.brief, options.upcomingQuestion),
    messages: mirrored,
    temperature: 0.7,
    maxTokens: 300,
    signal: options.signal,
    offlineAnswer: () =>
      offlineSimulatedUserMessage({ userDescription: options.brief.userDescription, turn: options.turn }),
  });
  const text = cleanUserMessage(answer.text);
  return {
    ...answer,
    text: text || offlineSimulatedUserMessage({ userDescription: options.brief.userDescription, turn: options.turn }),
  };
}
