import type { EvaluationType } from '@agentry/core/evaluation';

/** The two evaluation kinds as they appear in the routes (docs/product/evaluation.md#test-settings). */
export const evaluationKinds = ['openai-assistants', 'openai-chatcompletion'] as const;
export type EvaluationKind = (typeof evaluationKinds)[number];

export function isEvaluationKind(value: unknown): value is EvaluationKind {
  return typeof value === 'string' && (evaluationKinds as readonly string[]).includes(value);
}

/** docs/product/evaluation.md#test-settings: Back goes to the type's own page. */
export function evaluationKindPath(kind: EvaluationKind) {
  return `/new-evaluation/${kind}`;
}

/** The Test Settings screen of a kind (docs/decisions/evaluation-web.md). */
export function testSettingsPath(kind: EvaluationKind) {
  return `/new-evaluation/settings?type=${kind}`;
}

export function runningPath(runId: string) {
  return `/new-evaluation/running?runId=${encodeURIComponent(runId)}`;
}

export function resultsPath(runId: string) {
  return `/new-evaluation/results/${encodeURIComponent(runId)}`;
}

/** The server's name for a kind. */
export function toEvaluationType(kind: EvaluationKind): EvaluationType {
  return kind === 'openai-assistants' ? 'openai-assistants' : 'chatcompletion';
}
