import { describe, expect, it } from 'vitest';
import { canRole } from './permissions';

describe('canRole', () => {
  it('reads the core permission table', () => {
    expect(canRole('viewer', 'agent.read')).toBe(true);
    expect(canRole('viewer', 'agent.update')).toBe(false);
    expect(canRole('member', 'agent.update')).toBe(true);
    expect(canRole('member', 'team.manage')).toBe(false);
    expect(canRole('admin', 'team.manage')).toBe(true);
    expect(canRole(null, 'agent.read')).toBe(false);
  });

  it('refuses every write in a locked sub account and keeps reads', () => {
    expect(canRole('admin', 'agent.update', { isLocked: true })).toBe(false);
    expect(canRole('admin', 'agent.read', { isLocked: true })).toBe(true);
  });
});
