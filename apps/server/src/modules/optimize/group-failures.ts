import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MAX_CAUSE_GROUPS, OPTIMIZE_GROUPING_SOURCE } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { parseModelJson } from '../evaluation/judge/parse-model-json';
import type { RunFailure } from './list-run-failures';
import { askProposalModel } from './proposal-model';

export type FailureGroup = { cause: string; failures: RunFailure[] };

const GroupingAnswer = z.object({
  groups: z.array(z.object({ cause: z.string().trim().min(1).max(200), failures: z.array(z.number().int()) })),
});

export const GROUPING_SYSTEM_PROMPT = [
  "You analyse failed answers of an AI assistant found by an automated test. Each failure has a number, the question, the answer and the judge's reasoning.",
  `Group the failures by their CAUSE (why the judge failed them), in at most ${MAX_CAUSE_GROUPS} groups. A failure belongs to exactly one group.`,
  'Name each cause in a few plain words a business owner understands (e.g. "Gives prices it does not know").',
  'Answer only JSON: {"groups": [{"cause": string, "failures": [number, ...]}]}.',
].join('\n');

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/**
 * Without a model: the variations of one question fail for one cause, so the failures are
 * grouped by question; past MAX_CAUSE_GROUPS the rest share the last group.
 */
export function groupFailuresOffline(failures: readonly RunFailure[]): FailureGroup[] {
  const byQuestion = new Map<string, RunFailure[]>();
  for (const failure of failures)
    byQuestion.set(failure.questionId, [...(byQuestion.get(failure.questionId) ?? []), failure]);
  const groups = [...byQuestion.values()].map((entries) => ({
    cause: `Misses the success criteria of “${shorten(entries[0]?.questionText ?? '', 60)}”`,
    failures: entries,
  }));
  if (groups.length <= MAX_CAUSE_GROUPS) return groups;
  const kept = groups.slice(0, MAX_CAUSE_GROUPS - 1);
  const rest = groups.slice(MAX_CAUSE_GROUPS - 1).flatMap((group) => group.failures);
  return [...kept, { cause: 'Misses the success criteria of other questions', failures: rest }];
}

/** The model's groups, checked: unknown numbers are dropped, a failure counts once, the unnamed ones form a last group. */
export function toFailureGroups(
  answer: z.infer<typeof GroupingAnswer>,
  failures: readonly RunFailure[],
): FailureGroup[] {
  const taken = new Set<number>();
  const groups: FailureGroup[] = [];
  for (const group of answer.groups.slice(0, MAX_CAUSE_GROUPS)) {
    const members = group.failures
      .map((number) => number - 1)
      .filter((index) => index >= 0 && index < failures.length && !taken.has(index));
    members.forEach((index) => taken.add(index));
    if (members.length > 0)
      groups.push({ cause: group.cause, failures: members.map((index) => failures[index] as RunFailure) });
  }
  const left = failures.filter((_, index) => !taken.has(index));
  if (left.length > 0) groups.push({ cause: 'Other failures', failures: left });
  return groups;
}

/** Groups a run's failures by cause: one model call (role optimize-grouping); the offline stand-in groups by question. */
export async function groupFailures(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  failures: readonly RunFailure[];
}): Promise<{ groups: FailureGroup[]; costUsd: number; isOffline: boolean }> {
  const prompt = options.failures
    .map(
      (failure, index) =>
        `Failure ${index + 1}\nQuestion: ${failure.questionText}\nAnswer: ${shorten(failure.answer, 600)}\nJudge's reasoning: ${shorten(failure.reasoning, 600)}`,
    )
    .join('\n\n');
  const answer = await askProposalModel({
    db: options.db,
    config: options.config,
    logger: options.logger,
    agent: options.agent,
    source: OPTIMIZE_GROUPING_SOURCE,
    system: GROUPING_SYSTEM_PROMPT,
    prompt,
    maxTokens: 800,
    offline: () => '',
  });
  if (answer.isOffline) return { groups: groupFailuresOffline(options.failures), costUsd: 0, isOffline: true };
  const parsed = parseModelJson(GroupingAnswer, answer.text);
  const groups = parsed ? toFailureGroups(parsed, options.failures) : groupFailuresOffline(options.failures);
  if (!parsed)
    options.logger?.warn(
      { answer: answer.text.slice(0, 300) },
      'failure grouping was not valid JSON; grouped by question',
    );
  return { groups, costUsd: answer.costUsd, isOffline: false };
}
