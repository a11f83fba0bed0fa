import { describe, expect, it } from 'vitest';
import {
  agentCreationReducer,
  canStartCreation,
  initialAgentCreationState,
  isCreating,
  type AgentCreationAction,
  type AgentCreationState,
} from './agent-creation-state';

function run(actions: AgentCreationAction[], from: AgentCreationState = initialAgentCreationState) {
  return actions.reduce(agentCreationReducer, from);
}

describe('agent creation phases', () => {
  it('starts idle and not creating', () => {
    expect(initialAgentCreationState.phase).toBe('idle');
    expect(isCreating(initialAgentCreationState)).toBe(false);
  });

  it('goes idle -> requesting -> hydrating -> ready and remembers the id as created', () => {
    const requesting = run([{ type: 'start', creationId: 'c1' }]);
    expect(requesting).toMatchObject({ phase: 'requesting', creationId: 'c1', pendingAgentId: null });
    expect(isCreating(requesting)).toBe(true);

    const hydrating = agentCreationReducer(requesting, { type: 'pendingAgent', agentId: 'b1' });
    expect(hydrating).toMatchObject({ phase: 'hydrating', pendingAgentId: 'b1' });
    expect(isCreating(hydrating)).toBe(true);

    const ready = agentCreationReducer(hydrating, { type: 'ready', creationId: 'c1' });
    expect(ready).toMatchObject({ phase: 'ready', pendingAgentId: 'b1', createdIds: ['c1'] });
    expect(isCreating(ready)).toBe(false);
  });

  it('goes from requesting straight to ready', () => {
    expect(
      run([
        { type: 'start', creationId: 'c1' },
        { type: 'ready', creationId: 'c1' },
      ]),
    ).toMatchObject({ phase: 'ready', createdIds: ['c1'] });
  });

  it('rejects a start with a blank id', () => {
    expect(run([{ type: 'start', creationId: '' }])).toBe(initialAgentCreationState);
    expect(run([{ type: 'start', creationId: '   ' }])).toBe(initialAgentCreationState);
    expect(canStartCreation(initialAgentCreationState, ' ')).toBe(false);
  });

  it('rejects a start with an id that was already created', () => {
    const ready = run([{ type: 'start', creationId: 'c1' }, { type: 'ready', creationId: 'c1' }, { type: 'reset' }]);
    expect(ready.phase).toBe('idle');
    expect(canStartCreation(ready, 'c1')).toBe(false);
    expect(agentCreationReducer(ready, { type: 'start', creationId: 'c1' })).toBe(ready);
    expect(agentCreationReducer(ready, { type: 'start', creationId: 'c2' }).phase).toBe('requesting');
  });

  it('moves to hydrating only from requesting', () => {
    expect(run([{ type: 'pendingAgent', agentId: 'b1' }])).toBe(initialAgentCreationState);
    const ready = run([
      { type: 'start', creationId: 'c1' },
      { type: 'ready', creationId: 'c1' },
    ]);
    expect(agentCreationReducer(ready, { type: 'pendingAgent', agentId: 'b2' })).toBe(ready);
  });

  it('marks ready only the current creation id', () => {
    const hydrating = run([
      { type: 'start', creationId: 'c1' },
      { type: 'pendingAgent', agentId: 'b1' },
    ]);
    expect(agentCreationReducer(hydrating, { type: 'ready', creationId: 'other' })).toBe(hydrating);
    expect(run([{ type: 'ready', creationId: 'c1' }])).toBe(initialAgentCreationState);
  });

  it('fails only for the current creation id', () => {
    const hydrating = run([
      { type: 'start', creationId: 'c1' },
      { type: 'pendingAgent', agentId: 'b1' },
    ]);
    expect(agentCreationReducer(hydrating, { type: 'fail', creationId: 'stale', message: 'Builder job failed' })).toBe(
      hydrating,
    );
    const failed = agentCreationReducer(hydrating, { type: 'fail', creationId: 'c1', message: 'Builder job failed' });
    expect(failed).toMatchObject({ phase: 'error', errorMessage: 'Builder job failed' });
    expect(isCreating(failed)).toBe(false);
  });

  it('can start again after an error, and reset keeps the created ids', () => {
    const failed = run([
      { type: 'start', creationId: 'c1' },
      { type: 'fail', creationId: 'c1', message: 'Builder job timed out' },
    ]);
    expect(agentCreationReducer(failed, { type: 'start', creationId: 'c2' })).toMatchObject({
      phase: 'requesting',
      creationId: 'c2',
      errorMessage: null,
    });
    const created = run([{ type: 'start', creationId: 'c3' }, { type: 'ready', creationId: 'c3' }, { type: 'reset' }]);
    expect(created).toEqual({ ...initialAgentCreationState, createdIds: ['c3'] });
  });
});
