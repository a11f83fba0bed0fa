import {
  BUILDER_JOB_POLL_INTERVAL_MS,
  BUILDER_JOB_TIMEOUT_MS,
  builderErrorMessages,
  type AgentJob,
} from '@agentry/core/agents';
import { sleep } from '@agentry/core/sleep';
import { apiRequest } from '@/lib/api';
import { requestSignIn } from '@/lib/sign-in-events';

/** A builder failure with one of the builder texts of docs/product/agents.md#texts (or the job's own error). */
export class BuilderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuilderError';
  }
}

export type BuilderJobResult = NonNullable<AgentJob['result']>;

type PollOptions = {
  signal?: AbortSignal;
  intervalMs?: number;
  timeoutMs?: number;
  /** Each answer that is not final yet (queued, running). */
  onProgress?: (status: AgentJob['status']) => void;
};

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function fetchBuilderJobOrThrow(jobId: string, signal?: AbortSignal): Promise<AgentJob> {
  let response: Response;
  try {
    response = await fetch(`/api/agent/jobs/${encodeURIComponent(jobId)}`, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new BuilderError(builderErrorMessages.fetchFailed);
  }
  if (response.status === 404) throw new BuilderError(builderErrorMessages.notFound);
  if (response.status === 401)
    requestSignIn({ reason: 'expired', callbackUrl: window.location.pathname + window.location.search });
  if (!response.ok) throw new BuilderError(builderErrorMessages.fetchFailed);
  try {
    const body = (await response.json()) as AgentJob | null;
    if (!body || typeof body.status !== 'string') throw new Error('not a job');
    return body;
  } catch {
    throw new BuilderError(builderErrorMessages.fetchFailed);
  }
}

/**
 * docs/product/agents.md#creating-from-an-idea, builder job polling: asks for the job every 750 ms until it succeeded (answers the
 * result) or failed (raises its error); gives up after 120000 ms; a not-found answer is an error.
 */
export async function pollBuilderJobOrThrow(jobId: string, options: PollOptions = {}): Promise<BuilderJobResult> {
  const { signal, intervalMs = BUILDER_JOB_POLL_INTERVAL_MS, timeoutMs = BUILDER_JOB_TIMEOUT_MS, onProgress } = options;
  const startedAt = Date.now();
  for (;;) {
    const job = await fetchBuilderJobOrThrow(jobId, signal);
    if (job.status === 'succeeded') {
      if (!job.result?.data) throw new BuilderError(builderErrorMessages.emptyResult);
      return job.result;
    }
    if (job.status === 'failed') throw new BuilderError(job.error?.trim() || builderErrorMessages.failed);
    onProgress?.(job.status);
    if (Date.now() - startedAt >= timeoutMs) throw new BuilderError(builderErrorMessages.timedOut);
    await sleep(intervalMs, signal);
  }
}

type BuilderReply = { error?: unknown; jobId?: unknown };

/**
 * docs/product/agents.md#creating-from-an-idea, note: a builder request answers a body that may carry `error` and `jobId`; with a
 * job id the job is polled. A failed request raises the server's message or 'Builder request failed'.
 */
export async function requestBuilderOrThrow<TReply extends BuilderReply>(
  path: string,
  options: { body: unknown; signal?: AbortSignal; onAccepted?: (reply: TReply) => void } & Omit<PollOptions, 'signal'>,
): Promise<BuilderJobResult | TReply> {
  const { body, signal, onAccepted, ...pollOptions } = options;
  const reply = await apiRequest<TReply | null>(path, {
    method: 'POST',
    body,
    signal,
    fallbackMessage: builderErrorMessages.requestFailed,
  });
  if (!reply) throw new BuilderError(builderErrorMessages.requestFailed);
  if (reply.error !== undefined && reply.error !== null) {
    throw new BuilderError(
      typeof reply.error === 'string' && reply.error.trim() !== '' ? reply.error : builderErrorMessages.requestFailed,
    );
  }
  onAccepted?.(reply);
  if (typeof reply.jobId === 'string' && reply.jobId !== '')
    return pollBuilderJobOrThrow(reply.jobId, { ...pollOptions, signal });
  return reply;
}
