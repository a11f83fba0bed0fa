import { z } from 'zod';
import { Agent } from './agents';

/**
 * docs/product/agents.md#versions. draft: saved, not what visitors get; published: what every
 * widget, demo, channel and API call answers with (one per agent); archived: published once, replaced since.
 */
export const AgentVersionStatus = z.enum(['draft', 'published', 'archived']);
export type AgentVersionStatus = z.infer<typeof AgentVersionStatus>;

/** What made the version: the agent's creation, an edit, a restore, an accepted proposal, the builder. */
export const AgentVersionSource = z.enum(['create', 'edit', 'restore', 'optimize', 'builder']);
export type AgentVersionSource = z.infer<typeof AgentVersionSource>;

/** The fields of an agent that change how it answers: each saved change of one of them makes a version. */
export const agentBehaviourFields = [
  'instructions',
  'firstMessage',
  'suggestedResponses',
  'provider',
  'model',
  'providerKeyId',
  'temperature',
  'maxTokens',
  'topP',
  'frequencyPenalty',
  'presencePenalty',
  'stopSequences',
  'tools',
] as const;
export type AgentBehaviourField = (typeof agentBehaviourFields)[number];

/** The behaviour fields of an agent, as a version keeps them. */
export const AgentBehaviour = Agent.pick(
  Object.fromEntries(agentBehaviourFields.map((field) => [field, true])) as Record<AgentBehaviourField, true>,
);
export type AgentBehaviour = z.infer<typeof AgentBehaviour>;

const IsoDateTime = z.iso.datetime({ offset: true });

export const AgentVersion = z.object({
  id: z.string(),
  agentId: z.string(),
  /** 1, 2, 3... per agent. */
  number: z.number().int(),
  status: AgentVersionStatus,
  source: AgentVersionSource,
  note: z.string(),
  authorUserId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: IsoDateTime,
  publishedAt: IsoDateTime.nullable(),
  publishedByUserId: z.string().nullable(),
  /** Set when an admin published it although the regression gate refused it. */
  gateOverrideNote: z.string().nullable(),
  behaviour: AgentBehaviour,
});
export type AgentVersion = z.infer<typeof AgentVersion>;

export const AgentVersionParams = z.object({
  subaccountId: z.string().min(1),
  agentId: z.string().min(1),
  versionId: z.string().min(1),
});
export type AgentVersionParams = z.infer<typeof AgentVersionParams>;

export const ListAgentVersionsReply = z.object({
  publishedVersionId: z.string().nullable(),
  /** Newest first. */
  versions: z.array(AgentVersion),
});
export type ListAgentVersionsReply = z.infer<typeof ListAgentVersionsReply>;

export const VersionNote = z.string().trim().max(500, { error: 'Note must be at most 500 characters' });

export const RestoreAgentVersionBody = z.object({ note: VersionNote.optional() });
export type RestoreAgentVersionBody = z.infer<typeof RestoreAgentVersionBody>;

/** An admin publishing although the regression gate refused: why (recorded on the version). */
export const OverrideGateBody = z.object({
  note: VersionNote.min(1, { error: 'Say why you publish despite the gate' }),
});
export type OverrideGateBody = z.infer<typeof OverrideGateBody>;

/** A question the candidate failed in the gate's run. */
export const GateFailingQuestion = z.object({
  question: z.string(),
  reasoning: z.string(),
  /** The published version answered it correctly. */
  isRegression: z.boolean(),
});
export type GateFailingQuestion = z.infer<typeof GateFailingQuestion>;

export const GateResult = z.object({
  candidateRunId: z.string(),
  baselineRunId: z.string().nullable(),
  /** Pass rates in percent (0-100); null when the run judged nothing. */
  candidatePassRate: z.number().nullable(),
  baselinePassRate: z.number().nullable(),
  /** Allowed drop in percentage points. */
  threshold: z.number(),
  isPassed: z.boolean(),
  failingQuestions: z.array(GateFailingQuestion),
});
export type GateResult = z.infer<typeof GateResult>;

export const PublishAgentVersionReply = z.object({
  version: AgentVersion,
  /** null when the agent names no gate. */
  gate: GateResult.nullable(),
});
export type PublishAgentVersionReply = z.infer<typeof PublishAgentVersionReply>;

/** The regression gate: a previous evaluation run whose questions and settings are re-run before each publish. */
export const AgentGate = z.object({
  runId: z.string().min(1),
  /** The largest pass-rate drop (percentage points) a publish may cause. */
  threshold: z.number().min(0).max(100),
});
export type AgentGate = z.infer<typeof AgentGate>;

export const AgentGateReply = z.object({ gate: AgentGate.nullable(), runName: z.string().nullable() });
export type AgentGateReply = z.infer<typeof AgentGateReply>;

/**
 * A gate change that lets more through: no gate where there was one, another run (which may be an
 * easier one), or a larger allowed drop. Adding a gate or lowering the drop only tightens it.
 * Loosening is an override, as publishing past the gate is: admins only.
 */
export function isGateLoosening(current: AgentGate | null, next: AgentGate | null): boolean {
  if (!current) return false;
  return !next || next.runId !== current.runId || next.threshold > current.threshold;
}

export const UpdateAgentGateBody = z.object({ gate: AgentGate.nullable() });
export type UpdateAgentGateBody = z.infer<typeof UpdateAgentGateBody>;

/** The changed behaviour fields between two versions, in field order. */
export function listChangedBehaviourFields(from: AgentBehaviour, to: AgentBehaviour): AgentBehaviourField[] {
  return agentBehaviourFields.filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]));
}
