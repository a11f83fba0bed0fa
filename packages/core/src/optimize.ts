import { z } from 'zod';

const IsoDateTime = z.iso.datetime({ offset: true });
const Verdict = z.enum(['pass', 'fail', 'unclear']);

/** Usage roles of the model calls Optimize and the AI Mentor make (llm_usage.source). */
export const OPTIMIZE_GROUPING_SOURCE = 'optimize-grouping';
export const OPTIMIZE_PROPOSAL_SOURCE = 'optimize-proposal';
export const MENTOR_SOURCE = 'ai-mentor';

/** What decides whether Optimize can work on a run (a run list item or a run summary). */
export type OptimizableRun = {
  status: string;
  agent: unknown;
  totals: { failures: number; unclear: number };
};

/** Failed answers of a run: failures and unclear verdicts. */
export function failedCount(run: OptimizableRun): number {
  return run.totals.failures + run.totals.unclear;
}

/**
 * Why Optimize cannot work on a run, or null when it can: it works on a finished (or stopped) run
 * of an agent with failed answers (docs/product/optimize-and-mentor.md; the server checks the same
 * when proposals are asked for). A failed run is retried, not optimized.
 */
export function whyNotOptimizable(run: OptimizableRun): string | null {
  if (run.status === 'failed')
    return 'It failed before it finished, so its answers are not a fair picture of the agent. Retry it from its results, then improve the new run.';
  if (run.status === 'queued' || run.status === 'running')
    return 'It is still running. Come back when it has finished.';
  if (run.agent === null) return 'It tested a model, not an agent, so there are no instructions to improve.';
  if (failedCount(run) === 0) return 'It has no failed answers to improve.';
  return null;
}

/** How many failed answers one proposal run reads at most (the rest are left for the next round). */
export const MAX_FAILURES_PER_OPTIMIZATION = 40;
/** How many cause groups one proposal run makes at most. */
export const MAX_CAUSE_GROUPS = 4;
/** How many passed questions 'Try it' re-runs beside the failed ones, to catch regressions. */
export const PASSED_SAMPLE_SIZE = 3;

/** A failed (or unclear) answer of the run that a proposal is meant to fix. */
export const AddressedFailure = z.object({
  conversationId: z.string(),
  questionText: z.string(),
  answer: z.string(),
  reasoning: z.string(),
  verdict: Verdict,
});
export type AddressedFailure = z.infer<typeof AddressedFailure>;

export const ProposalStatus = z.enum(['proposed', 'trying', 'tried', 'accepted', 'rejected']);
export type ProposalStatus = z.infer<typeof ProposalStatus>;

/** One side of a trial: the pass rate over the re-run questions and what it cost. */
export const TrialSide = z.object({
  passes: z.number().int(),
  judged: z.number().int(),
  passRate: z.number().min(0).max(1).nullable(),
  costUsd: z.number(),
});
export type TrialSide = z.infer<typeof TrialSide>;

export const TrialQuestion = z.object({
  questionText: z.string(),
  currentVerdict: Verdict.nullable(),
  candidateVerdict: Verdict.nullable(),
  /** Was one of the failures, or a sampled pass re-run to catch regressions. */
  wasFailure: z.boolean(),
});
export type TrialQuestion = z.infer<typeof TrialQuestion>;

export const ProposalTrial = z.object({
  runId: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  current: TrialSide,
  candidate: TrialSide.nullable(),
  questions: z.array(TrialQuestion),
});
export type ProposalTrial = z.infer<typeof ProposalTrial>;

export const OptimizeProposal = z.object({
  id: z.string(),
  agentId: z.string(),
  runId: z.string(),
  /** The cause shared by the failures of this group, in a few words. */
  cause: z.string(),
  /** What the change does and why, in a sentence or two. */
  rationale: z.string(),
  /**
   * The instructions the change applies to: those visitors get now until it is tried, then those
   * they got when it was tried (an outdated proposal shows the ones it was written against).
   */
  currentInstructions: z.string(),
  /** The instructions Try it saves (saved): the proposal's change merged onto currentInstructions. */
  proposedInstructions: z.string(),
  failures: z.array(AddressedFailure),
  status: ProposalStatus,
  /** Written by the offline stand-in (no AI provider configured). */
  isOffline: z.boolean(),
  candidateVersionId: z.string().nullable(),
  trial: ProposalTrial.nullable(),
  costUsd: z.number(),
  /**
   * Why it can no longer be tried (the published instructions changed where it edits them) or
   * published (the published version changed since it was tried), and what to do; else null.
   */
  outdatedReason: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type OptimizeProposal = z.infer<typeof OptimizeProposal>;

/** Try it refused: what was published since the proposal was written changed the lines it edits. */
export const PROPOSAL_CONFLICT_MESSAGE =
  'The published instructions changed where this proposal edits them. Write the proposals again for the current version.';
/** Accept refused: publishing the tried version would undo what was published since. */
export const TRIED_PROPOSAL_OUTDATED_MESSAGE =
  'The published version changed since this change was tried. Write the proposals again for the current version.';

export const CreateProposalsBody = z.object({ runId: z.string().min(1).max(200) });
export type CreateProposalsBody = z.infer<typeof CreateProposalsBody>;

export const ListProposalsQuery = z.object({ runId: z.string().min(1).max(200) });
export type ListProposalsQuery = z.infer<typeof ListProposalsQuery>;

/**
 * A cause found in a run's failures whose proposal the model has not written yet (its answer was
 * unusable, or the call failed). The cause is kept, so asking again writes only these.
 */
export const UnwrittenProposal = z.object({
  cause: z.string(),
  failures: z.array(AddressedFailure),
  /** Why the proposal is missing, and what to do. */
  error: z.string(),
});
export type UnwrittenProposal = z.infer<typeof UnwrittenProposal>;

export const ListProposalsReply = z.object({
  proposals: z.array(OptimizeProposal),
  /** Causes still without a proposal, in the order they were found; asking again writes them. */
  unwritten: z.array(UnwrittenProposal),
  /** The notice shown when the offline stand-in wrote them, else null. */
  offlineNotice: z.string().nullable(),
});
export type ListProposalsReply = z.infer<typeof ListProposalsReply>;

export const ProposalParams = z.object({ proposalId: z.string().min(1).max(200) });
export type ProposalParams = z.infer<typeof ProposalParams>;

export const AcceptProposalBody = z.object({
  /** An admin may publish past a refusing regression gate, with a note. */
  overrideNote: z.string().trim().max(500).optional(),
});
export type AcceptProposalBody = z.infer<typeof AcceptProposalBody>;

export const ProposalReply = z.object({ proposal: OptimizeProposal });
export type ProposalReply = z.infer<typeof ProposalReply>;

// --- AI Mentor ---

/** A button under a mentor answer: it opens the exact screen for the next step. */
export const MentorAction = z.object({
  kind: z.enum(['open-optimize', 'open-proposal', 'run-evaluation', 'open-results', 'open-agent']),
  label: z.string(),
  /** The workspace path the button opens. */
  path: z.string(),
});
export type MentorAction = z.infer<typeof MentorAction>;

export const MentorMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  actions: z.array(MentorAction),
  isOffline: z.boolean(),
  createdAt: IsoDateTime,
});
export type MentorMessage = z.infer<typeof MentorMessage>;

export const MentorThreadQuery = z.object({ agentId: z.string().min(1).max(200) });
export type MentorThreadQuery = z.infer<typeof MentorThreadQuery>;

/** What the mentor knows of the agent, shown beside the chat. */
export const MentorAgentFacts = z.object({
  agentId: z.string(),
  aiName: z.string(),
  model: z.string(),
  versionLabel: z.string().nullable(),
  toolNames: z.array(z.string()),
  latestRun: z
    .object({
      runId: z.string(),
      name: z.string(),
      passes: z.number().int(),
      failures: z.number().int(),
      judged: z.number().int(),
      finishedAt: IsoDateTime.nullable(),
    })
    .nullable(),
  /** Conversations per channel (widget, sms, whatsapp, instagram, messenger, api, ...). */
  conversationsByChannel: z.record(z.string(), z.number().int()),
  draftProposalId: z.string().nullable(),
});
export type MentorAgentFacts = z.infer<typeof MentorAgentFacts>;

export const MentorThreadReply = z.object({
  threadId: z.string().nullable(),
  messages: z.array(MentorMessage),
  facts: MentorAgentFacts,
});
export type MentorThreadReply = z.infer<typeof MentorThreadReply>;

export const SendMentorMessageBody = z.object({
  agentId: z.string().min(1).max(200),
  message: z.string().trim().min(1, { error: 'Please type a question' }).max(4000),
});
export type SendMentorMessageBody = z.infer<typeof SendMentorMessageBody>;

export const SendMentorMessageReply = z.object({ threadId: z.string(), reply: MentorMessage });
export type SendMentorMessageReply = z.infer<typeof SendMentorMessageReply>;
