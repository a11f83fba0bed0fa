import type { JSONSchema7 } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { RewordingsOutput } from '@agentry/core/evaluation';
import type { AppConfig } from '../../../config';
import type { Database } from '../../../platform/db/database';
import { callTestingModel } from '../run/call-testing-model';
import type { CallUsage } from '../evaluation-types';
import { offlineRewordings } from './offline-rewordings';
import { parseModelJson } from '../judge/parse-model-json';
import type { TestingModel } from '../settings/resolve-testing-model';

const rewordingsSchema = {
  type: 'object',
  properties: { rewordings: { type: 'array', items: { type: 'string' } } },
  required: ['rewordings'],
  additionalProperties: false,
} satisfies JSONSchema7;

/**
 * Up to `count` rewordings of a question in one call of the testing model (JSON). Fewer when
 * the model answered fewer, none when its answer was not the JSON asked for.
 */
export async function rewordQuestion(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  testingModel: TestingModel;
  question: string;
  count: number;
  signal?: AbortSignal;
}): Promise<{ rewordings: string[]; usage: CallUsage; isOffline: boolean }> {
  const answer = await callTestingModel({
    db: options.db,
    config: options.config,
    logger: options.logger,
    testingModel: options.testingModel,
    system: [
      'You write test variations of a question a user asks an AI assistant.',
      `Write exactly ${options.count} different rewordings of the question. Each keeps the same meaning and intent (including any trick or provocation in it) but uses different words, as different real users would ask it.`,
      'Answer JSON: {"rewordings": ["...", ...]}.',
    ].join('\n'),
    messages: [{ role: 'user', content: options.question }],
    temperature: 0.9,
    maxTokens: 200 * options.count + 100,
    json: { name: 'rewordings', schema: rewordingsSchema },
    signal: options.signal,
    offlineAnswer: () =>
      JSON.stringify({ rewordings: offlineRewordings({ question: options.question, count: options.count }) }),
  });
  // Offline, the stand-in rewordings are the answer (and the run says it ran offline). A real
  // model's answer that does not parse gives no rewordings: the caller errors those variations
  // rather than asking canned text as if the model had written it.
  const parsed = parseModelJson(RewordingsOutput, answer.text)?.rewordings ?? [];
  const rewordings = parsed
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .slice(0, options.count);
  return { rewordings, usage: answer.usage, isOffline: answer.isOffline };
}
