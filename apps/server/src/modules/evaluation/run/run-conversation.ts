import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { EvaluationRole, EvaluationVerdict } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { callAssistantUnderTest, type AssistantUnderTest } from './call-assistant-under-test';
import { callWithBackoff } from './call-with-backoff';
import type { AdaptiveLimiter } from './create-adaptive-limiter';
import type { CallUsage, ConversationUsage, TranscriptMessage } from '../evaluation-types';
import { judgeConversation } from '../judge/judge-conversation';
import type { TestingModel } from '../settings/resolve-testing-model';
import { simulateUserTurn, type SimulatedUserBrief } from './simulate-user-turn';
import { emptyConversationUsage, recordCall } from '../results/usage-math';

export type ConversationOutcome = {
  transcript: TranscriptMessage[];
  judgedTurnIndex: number;
  verdict: EvaluationVerdict;
  reasoning: string;
  score: number | null;
  usage: ConversationUsage;
  isOffline: boolean;
  threadId: string | null;
};

export type ConversationContext = {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  assistant: AssistantUnderTest;
  testingModel: TestingModel;
  limiter: AdaptiveLimiter;
  brief: SimulatedUserBrief;
  initialMessage: string;
  purpose: string;
  signal: AbortSignal;
  /** Called each time the provider answered 429 and the run backs off. */
  onRateLimited: () => void;
};

/**
 * A simulated conversation: the opening message, then user turns 1..whenToAsk. Turns before
 * `whenToAsk` are written by the simulated user; turn `whenToAsk` asks the question verbatim.
 * The assistant under test answers every turn; the judge then judges the answer to the question.
 * Each call's usage is added to `spent` as it is paid, so a conversation that fails or is stopped
 * midway still tells what it cost.
 */
export async function runConversation(
  runContext: ConversationContext,
  conversation: { askedText: string; questionText: string; successCriteria: string; whenToAsk: number },
  spent: ConversationUsage = emptyConversationUsage(),
): Promise<ConversationOutcome> {
  // The calls listen on a signal of this conversation's own, which follows the run's: the AI SDK
  // never removes the abort listener it adds to a call's signal, and on the run's signal those
  // would pile up over the whole run (each new one walking all the others).
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const onRunAborted = () => stop.abort(runContext.signal.reason);
  if (runContext.signal.aborted) onRunAborted();
  else runContext.signal.addEventListener('abort', onRunAborted, { once: true });
  try {
    return await runConversationTurns({ ...runContext, signal: stop.signal }, conversation, spent);
  } finally {
    runContext.signal.removeEventListener('abort', onRunAborted);
  }
}

async function runConversationTurns(
  context: ConversationContext,
  conversation: { askedText: string; questionText: string; successCriteria: string; whenToAsk: number },
  usage: ConversationUsage,
): Promise<ConversationOutcome> {
  const record = (role: EvaluationRole, call: CallUsage) => recordCall(usage, role, call);
  const transcript: TranscriptMessage[] = context.initialMessage.trim()
    ? [{ role: 'assistant', content: context.initialMessage.trim(), turn: 0 }]
    : [];
  let threadId: string | null = null;
  let isOffline = false;

  for (let turn = 1; turn <= conversation.whenToAsk; turn += 1) {
    let userText = conversation.askedText;
    if (turn < conversation.whenToAsk) {
      const simulated = await callWithBackoff(
        context,
        () =>
          simulateUserTurn({
            db: context.db,
            config: context.config,
            logger: context.logger,
            testingModel: context.testingModel,
            brief: context.brief,
            upcomingQuestion: conversation.askedText,
            transcript,
            turn,
            signal: context.signal,
          }),
        (paid) => record('simulatedUser', paid),
      );
      record('simulatedUser', simulated.usage);
      isOffline ||= simulated.isOffline;
      userText = simulated.text;
    }
    transcript.push({ role: 'user', content: userText, turn });
    const answer = await callWithBackoff(
      context,
      () =>
        callAssistantUnderTest({
          db: context.db,
          config: context.config,
          logger: context.logger,
          assistant: context.assistant,
          transcript,
          threadId,
          signal: context.signal,
        }),
      (paid) => record('assistant', paid),
    );
    record('assistant', answer.usage);
    threadId = answer.threadId;
    transcript.push({ role: 'assistant', content: answer.text, turn });
  }

  const judgedTurnIndex = transcript.length - 1;
  const judged = await callWithBackoff(context, () =>
    judgeConversation({
      db: context.db,
      config: context.config,
      logger: context.logger,
      testingModel: context.testingModel,
      purpose: context.purpose,
      question: conversation.askedText,
      successCriteria: conversation.successCriteria,
      transcript,
      judgedIndex: judgedTurnIndex,
      questionTurn: conversation.whenToAsk,
      signal: context.signal,
      onCall: (call) => record('judge', call),
    }),
  );
  isOffline ||= judged.isOffline;
  return {
    transcript,
    judgedTurnIndex,
    verdict: judged.verdict,
    reasoning: judged.reasoning,
    score: judged.score,
    usage,
    isOffline,
    threadId,
  };
}
