/**
 * docs/product/agents.md#creating-from-an-idea, "Agent creation context" and "Agent creation phases": idle to requesting
 * when a creation id is started (non-empty and not already created); requesting to hydrating
 * when a pending build id arrives; requesting or hydrating to ready when the id is marked
 * ready (it is then remembered as created); error when creation fails for the current id.
 */
export type AgentCreationPhase = 'idle' | 'requesting' | 'hydrating' | 'ready' | 'error';

export type AgentCreationState = {
  phase: AgentCreationPhase;
  creationId: string | null;
  pendingAgentId: string | null;
  /** Creation ids that reached ready; starting one of them again is rejected. */
  createdIds: readonly string[];
  /** What went wrong, in the phase 'error'. */
  errorMessage: string | null;
};

export type AgentCreationAction =
  | { type: 'start'; creationId: string }
  | { type: 'pendingAgent'; agentId: string }
  | { type: 'ready'; creationId: string }
  | { type: 'fail'; creationId: string; message: string }
  | { type: 'reset' };

export const initialAgentCreationState: AgentCreationState = {
  phase: 'idle',
  creationId: null,
  pendingAgentId: null,
  createdIds: [],
  errorMessage: null,
};

/** docs/product/agents.md#creating-from-an-idea: a start is rejected when the id is blank or was already created. */
export function canStartCreation(state: AgentCreationState, creationId: string): boolean {
  return creationId.trim() !== '' && !state.createdIds.includes(creationId);
}

/** docs/product/agents.md#creating-from-an-idea: while requesting or hydrating the product counts as creating. */
export function isCreating(state: Pick<AgentCreationState, 'phase'>): boolean {
  return state.phase === 'requesting' || state.phase === 'hydrating';
}

export function agentCreationReducer(state: AgentCreationState, action: AgentCreationAction): AgentCreationState {
  switch (action.type) {
    case 'start':
      if (!canStartCreation(state, action.creationId)) return state;
      return { ...state, phase: 'requesting', creationId: action.creationId, pendingAgentId: null, errorMessage: null };
    case 'pendingAgent':
      if (state.phase !== 'requesting' || action.agentId.trim() === '') return state;
      return { ...state, phase: 'hydrating', pendingAgentId: action.agentId };
    case 'ready':
      if (!isCreating(state) || action.creationId !== state.creationId) return state;
      return { ...state, phase: 'ready', createdIds: [...state.createdIds, action.creationId] };
    case 'fail':
      if (state.creationId === null || action.creationId !== state.creationId || state.phase === 'ready') return state;
      return { ...state, phase: 'error', errorMessage: action.message };
    case 'reset':
      return { ...initialAgentCreationState, createdIds: state.createdIds };
  }
}
