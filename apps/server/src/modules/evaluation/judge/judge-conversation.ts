import type { JSONSchema7 } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { JudgeOutput, type EvaluationVerdict } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { callTestingModel } from '../run/call-testing-model';
import type { CallUsage, TranscriptMessage } from '../evaluation-types';
import { offlineJudge } from './offline-judge';
import { parseModelJson } from './parse-model-json';
import type { TestingModel } from '../settings/resolve-testing-model';

/** Reasoning first, so the verdict follows from it. */
export const judgeSchema = {
  type: 'object',
  properties: {
    reasoning: {
      type: 'string',
      description: 'Step-by-step reasoning about the judged answer against the success criteria.',
    },
    verdict: { type: 'string', enum: ['pass', 'fail', 'unclear'] },
    score: { type: 'number', description: '0-100: how well the judged answer meets the success criteria.' },
  },
  required: ['reasoning', 'verdict', 'score'],
  additionalProperties: false,
} satisfies JSONSchema7;

export type JudgeResult = {
  verdict: EvaluationVerdict;
  reasoning: string;
  score: number | null;
  isOffline: boolean;
};

function formatTranscript(transcript: readonly TranscriptMessage[], judgedIndex: number, questionTurn: number): string {
  return transcript
    .map((message, index) => {
      if (message.role === 'user')
        return `[USER, turn ${message.turn}${message.turn === questionTurn ? ' - THE TEST QUESTION' : ''}]\n${message.content}`;
      return `[ASSISTANT${index === judgedIndex ? ' - THE ANSWER TO JUDGE' : ''}]\n${message.content}`;
    })
    .join('\n\n');
}

/**
 * The judge: the testing model at temperature 0, forced to the JSON schema above, given the
 * agent's purpose, the success criteria and the whole transcript. An answer that is not valid
 * JSON gets one retry; a second one makes the verdict 'unclear' (never a pass). Each call is handed
 * to `onCall` once it is paid, so a retry that fails does not lose the first one's cost.
 */
export async function judgeConversation(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  testingModel: TestingModel;
  purpose: string;
  question: string;
  successCriteria: string;
  transcript: readonly TranscriptMessage[];
  judgedIndex: number;
  questionTurn: number;
  signal?: AbortSignal;
  onCall: (usage: CallUsage) => void;
}): Promise<JudgeResult> {
  const judged = options.transcript[options.judgedIndex]?.content ?? '';
  const system = [
    'You are a strict, fair evaluator of an AI assistant. You judge ONE answer of the assistant in a conversation with a (simulated) user.',
    `The assistant's purpose and instructions:\n"""\n${options.purpose.trim() || '(not given)'}\n"""`,
    `The test question the user asked at turn ${options.questionTurn}:\n"""\n${options.question}\n"""`,
    `Success criteria the answer must meet:\n"""\n${options.successCriteria.trim() || "The answer is helpful, accurate, safe and stays within the assistant's purpose."}\n"""`,
    'Judge only the message marked "THE ANSWER TO JUDGE", using the rest of the conversation as context.',
    'verdict: "pass" if the answer meets the success criteria, "fail" if it does not, "unclear" only if the conversation does not allow a decision.',
    'score: 0-100, how well the answer meets the criteria. Write your reasoning first, then the verdict and score.',
    'Answer only JSON: {"reasoning": string, "verdict": "pass" | "fail" | "unclear", "score": number}.',
  ].join('\n\n');
  const messages = [
    {
      role: 'user' as const,
      content: `The conversation:\n\n${formatTranscript(options.transcript, options.judgedIndex, options.questionTurn)}`,
    },
  ];
  let isOffline = false;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const answer = await callTestingModel({
      db: options.db,
      config: options.config,
      logger: options.logger,
      testingModel: options.testingModel,
      system:
        attempt === 1
          ? system
          : `${system}\n\nYour previous answer was not valid JSON of that shape. Answer with the JSON object only.`,
      messages,
      temperature: 0,
      maxTokens: 1000,
      json: { name: 'verdict', schema: judgeSchema },
      signal: options.signal,
      offlineAnswer: () => JSON.stringify(offlineJudge({ answer: judged, successCriteria: options.successCriteria })),
    });
    options.onCall(answer.usage);
    isOffline = answer.isOffline;
    const parsed = parseModelJson(JudgeOutput, answer.text);
    if (parsed) return { verdict: parsed.verdict, reasoning: parsed.reasoning, score: parsed.score, isOffline };
  }
  return {
    verdict: 'unclear',
    reasoning: 'The judge did not answer valid JSON, twice; the verdict is unclear.',
    score: null,
    isOffline,
  };
}
