import type { PublishAgentVersionReply } from '@agentry/core/agent-versions';
import type { AppConfig } from '../../config';
import type { Cache } from '../../platform/cache/cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/queue/job-queue';
import { runRegressionGate } from '../evaluation/gate/run-regression-gate';
import { assertAgentNotCreating } from './assert-agent-not-creating';
import { getAgentRowOrThrow } from './get-agent-or-throw';
import { getAgentVersionRowOrThrow } from './get-agent-version-or-throw';
import { publishAgentVersion } from './publish-agent-version';
import { toAgentVersion } from './to-agent-version';

/**
 * Publishes a version after the agent's regression gate passed it. A refusal answers 409
 * GATE_FAILED with the gate's result (failing questions included); with `overrideNote` (admins,
 * decided by the route) the version is published anyway and the note recorded on it.
 */
export async function publishThroughGate(options: {
  db: Database;
  config: AppConfig;
  queue: JobQueue;
  cache: Cache;
  subaccountId: string;
  agentId: string;
  versionId: string;
  userId: string;
  overrideNote?: string;
  /** Whether the caller sees tool header values (mask-tool-credentials.ts). */
  canSeeCredentials?: boolean;
  /** Publish only over this published version (publishAgentVersion's `onlyOver`). */
  onlyOver?: { versionId: string | null; message: string };
}): Promise<PublishAgentVersionReply> {
  const { db } = options;
  const canSeeCredentials = options.canSeeCredentials ?? false;
  const agentRow = await getAgentRowOrThrow({ db, agentId: options.agentId, subaccountId: options.subaccountId });
  // Checked again under the agent's lock when publishing; here so that no gate run is paid for first.
  assertAgentNotCreating(agentRow);
  const version = await getAgentVersionRowOrThrow({ db, agentId: agentRow.id, versionId: options.versionId });
  if (agentRow.publishedVersionId === version.id)
    return { version: toAgentVersion(version, { canSeeCredentials }), gate: null };
  const gate = await runRegressionGate({
    db,
    config: options.config,
    queue: options.queue,
    agentRow,
    candidateVersionId: version.id,
    userId: options.userId,
  });
  const isRefused = gate !== null && !gate.isPassed;
  if (isRefused && !options.overrideNote) throw new AppError('GATE_FAILED', { extra: { gate } });
  const published = await publishAgentVersion({
    db,
    cache: options.cache,
    subaccountId: options.subaccountId,
    agentId: agentRow.id,
    versionId: version.id,
    userId: options.userId,
    gateOverrideNote: isRefused ? options.overrideNote : null,
    canSeeCredentials,
    ...(options.onlyOver ? { onlyOver: options.onlyOver } : {}),
  });
  return { version: published, gate };
}
