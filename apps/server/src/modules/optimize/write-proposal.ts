import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { OPTIMIZE_PROPOSAL_SOURCE } from '@agentry/core/optimize';
import type { AppConfig } from '../../config';
import type { Database } from '../../platform/db/database';
import type { agent } from '../agents/agents.tables';
import { parseModelJson } from '../evaluation/judge/parse-model-json';
import type { FailureGroup } from './group-failures';
import { askProposalModel } from './proposal-model';

const ProposalAnswer = z.object({
  rationale: z.string().trim().min(1).max(1000),
  instructions: z.string().trim().min(1).max(20_000),
});

export const PROPOSAL_SYSTEM_PROMPT = [
  'You improve the instructions (system prompt) of an AI assistant so that it stops failing in one way found by an automated test.',
  "You get the current instructions, the cause of the failures, and the failed questions with the answers and the judge's reasoning.",
  'Change as little as needed: keep every line that is not part of the problem word for word, add or rewrite only what fixes this cause, and never make the assistant claim facts it was not given.',
  'Answer only JSON: {"rationale": one or two sentences on what you changed and why, "instructions": the complete new instructions}.',
].join('\n');

/**
 * Without a model, the proposal turns each failed question's success criteria into an explicit
 * rule added to the instructions: a real, testable change, labelled as written without AI.
 */
export function writeProposalOffline(instructions: string, group: FailureGroup): z.infer<typeof ProposalAnswer> {
  const seen = new Set<string>();
  const rules: string[] = [];
  for (const failure of group.failures) {
    if (seen.has(failure.questionId)) continue;
    seen.add(failure.questionId);
    rules.push(`- When asked something like "${failure.questionText.trim()}": ${failure.successCriteria.trim()}`);
  }
  return {
    rationale: 'Adds each failed question’s success criteria to the instructions as an explicit rule.',
    instructions: `${instructions.trimEnd()}\n\nRules learned from testing:\n${rules.join('\n')}`.trim(),
  };
}

export const UNUSABLE_PROPOSAL_MESSAGE =
  'The model did not answer a usable proposal. Try again, or choose another model for the agent.';

/** A proposal call's outcome: the proposal, or an unusable answer (paid for all the same). */
export type WrittenProposal =
  | { isUsable: true; rationale: string; instructions: string; costUsd: number; isOffline: boolean }
  | { isUsable: false; costUsd: number };

/**
 * The proposed instructions for one cause group: one model call (role optimize-proposal). An
 * answer that is not a proposal is reported with its cost, not thrown, so the caller can keep the
 * cause for another try; a call that fails (provider, credits) throws.
 */
export async function writeProposal(options: {
  db: Database;
  config: AppConfig;
  logger?: FastifyBaseLogger;
  agent: typeof agent.$inferSelect;
  instructions: string;
  group: FailureGroup;
}): Promise<WrittenProposal> {
  const failures = options.group.failures
    .map(
      (failure, index) =>
        `${index + 1}. Question: ${failure.questionText}\n   Success criteria: ${failure.successCriteria}\n   Answer: ${failure.answer.slice(0, 600)}\n   Judge's reasoning: ${failure.reasoning.slice(0, 600)}`,
    )
    .join('\n');
  const prompt = `Current instructions:\n"""\n${options.instructions}\n"""\n\nCause: ${options.group.cause}\n\nFailures:\n${failures}`;
  const offline = writeProposalOffline(options.instructions, options.group);
  const answer = await askProposalModel({
    db: options.db,
    config: options.config,
    logger: options.logger,
    agent: options.agent,
    source: OPTIMIZE_PROPOSAL_SOURCE,
    system: PROPOSAL_SYSTEM_PROMPT,
    prompt,
    maxTokens: 2000,
    offline: () => JSON.stringify(offline),
  });
  const parsed = parseModelJson(ProposalAnswer, answer.text);
  if (!parsed) {
    options.logger?.warn({ answer: answer.text.slice(0, 300) }, 'proposal answer was not valid JSON');
    return { isUsable: false, costUsd: answer.costUsd };
  }
  return { isUsable: true, ...parsed, costUsd: answer.costUsd, isOffline: answer.isOffline };
}
