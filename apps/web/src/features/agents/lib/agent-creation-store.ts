import type { Agent, CreateAgentFromIdeaReply } from '@agentry/core/agents';
import { builderErrorMessages } from '@agentry/core/agents';
import { agentFromIdeaPath } from '../api/agents-api';
import { BuilderError, requestBuilderOrThrow } from '../api/builder-job';
import {
  agentCreationReducer,
  initialAgentCreationState,
  type AgentCreationAction,
  type AgentCreationState,
} from './agent-creation-state';

/**
 * The one agent creation of this tab. It lives outside React so a build keeps going, and its
 * progress shows again, when the user leaves /agents/create and comes back.
 */
export type AgentCreationSnapshot = AgentCreationState & {
  /** The agent once the builder finished. */
  agent: Agent | null;
  /** The failure itself, for callers that show more than the message. */
  error: unknown;
  /** When the current creation started (for the elapsed-time readout). */
  startedAt: number | null;
  /** The idea being built. */
  idea: string;
};

let snapshot: AgentCreationSnapshot = {
  ...initialAgentCreationState,
  agent: null,
  error: null,
  startedAt: null,
  idea: '',
};
const listeners = new Set<() => void>();
let controller: AbortController | null = null;
/** Pages showing the creation right now; with none, a finished build is announced by a toast. */
let watchers = 0;

/** Called by the page that shows the creation; returns the cleanup. */
export function watchAgentCreation() {
  watchers += 1;
  return () => {
    watchers -= 1;
  };
}

function publish(next: AgentCreationSnapshot) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function dispatch(
  action: AgentCreationAction,
  extra: Partial<Omit<AgentCreationSnapshot, keyof AgentCreationState>> = {},
) {
  const state = agentCreationReducer(snapshot, action);
  // A rejected transition (a stale id, a wrong phase) changes nothing.
  if (state === snapshot) return;
  publish({ ...snapshot, ...state, ...extra });
}

export function getAgentCreationSnapshot() {
  return snapshot;
}

export function subscribeAgentCreation(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function newCreationId() {
  // randomUUID needs a secure context; plain-http deployments fall back to a random string.
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function describeFailure(error: unknown) {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return builderErrorMessages.requestFailed;
}

/**
 * Sends the idea and follows the builder job: requesting, then hydrating once the server named
 * the pending build, then ready with the agent (or error). Resolves with the agent, or null.
 */
export async function startAgentCreation(options: {
  subaccountId: string;
  idea: string;
  creationId?: string;
  /** The build finished while no page showed it (the user went elsewhere). */
  onReadyUnwatched?: (agent: Agent) => void;
}): Promise<Agent | null> {
  const creationId = options.creationId ?? newCreationId();
  const before = snapshot;
  const state = agentCreationReducer(before, { type: 'start', creationId });
  if (state === before) return null;
  controller?.abort();
  const current = new AbortController();
  controller = current;
  publish({ ...before, ...state, agent: null, error: null, startedAt: Date.now(), idea: options.idea.trim() });

  try {
    const result = await requestBuilderOrThrow<CreateAgentFromIdeaReply>(agentFromIdeaPath(options.subaccountId), {
      body: { idea: options.idea.trim() },
      signal: current.signal,
      onAccepted: (reply) => dispatch({ type: 'pendingAgent', agentId: reply.buildId }),
    });
    if (!('data' in result) || !result.data) throw new BuilderError(builderErrorMessages.emptyResult);
    dispatch({ type: 'ready', creationId }, { agent: result.data });
    if (watchers === 0 && snapshot.phase === 'ready') {
      options.onReadyUnwatched?.(result.data);
      resetAgentCreation();
    }
    return result.data;
  } catch (error) {
    if (current.signal.aborted) return null;
    dispatch({ type: 'fail', creationId, message: describeFailure(error) }, { error });
    return null;
  } finally {
    if (controller === current) controller = null;
  }
}

/** Back to idle (after opening the new agent, or to try again); created ids are kept. */
export function resetAgentCreation() {
  controller?.abort();
  controller = null;
  publish({
    ...snapshot,
    ...agentCreationReducer(snapshot, { type: 'reset' }),
    agent: null,
    error: null,
    startedAt: null,
    idea: '',
  });
}
