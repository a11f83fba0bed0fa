import { describe, expect, it } from 'vitest';
import {
  actions,
  effectivePermissionRole,
  hasRoleFor,
  listAllowedActions,
  permissions,
  roleChangeAction,
} from './permissions';

describe('permission table', () => {
  it('lets viewers read and nothing else', () => {
    const allowed = listAllowedActions('viewer');
    expect(allowed.length).toBeGreaterThan(0);
    for (const action of allowed) expect(permissions[action].isWrite).toBe(false);
    expect(hasRoleFor('viewer', 'agent.create')).toBe(false);
    expect(hasRoleFor('viewer', 'chat.test')).toBe(false);
  });

  it('ranks member < admin < owner', () => {
    expect(hasRoleFor('member', 'agent.create')).toBe(true);
    expect(hasRoleFor('member', 'providerKey.manage')).toBe(false);
    expect(hasRoleFor('admin', 'team.manage')).toBe(true);
    expect(hasRoleFor('admin', 'billing.manage')).toBe(false);
    expect(listAllowedActions('owner')).toEqual(actions);
  });

  it('treats every billed call as a write, so the lock after a downgrade stops it', () => {
    const billed = actions.filter((action) => permissions[action].isBilled);
    expect(billed).toEqual(expect.arrayContaining(['chat.test', 'evaluation.start', 'agent.build']));
    for (const action of billed) expect(permissions[action].isWrite).toBe(true);
  });

  it('keeps billing and cancelling reachable in a locked sub account', () => {
    expect(permissions['billing.manage'].isWrite).toBe(false);
    expect(permissions['evaluation.cancel'].isWrite).toBe(false);
  });

  it('lets admins take team access away in a locked sub account, but not grant it', () => {
    // Granting (invite, resend, a higher role) is a write: refused while locked.
    expect(permissions['team.manage']).toMatchObject({ minimumRole: 'admin', isWrite: true });
    // Taking away (remove, a lower role, revoke an invitation) spends nothing: allowed while locked.
    expect(permissions['team.removeAccess']).toMatchObject({ minimumRole: 'admin', isWrite: false });
    expect(hasRoleFor('member', 'team.removeAccess')).toBe(false);
  });

  it('names the action a role change needs: granting going up, taking away going down', () => {
    expect(roleChangeAction({ from: 'viewer', to: 'member' })).toBe('team.manage');
    expect(roleChangeAction({ from: 'member', to: 'admin' })).toBe('team.manage');
    expect(roleChangeAction({ from: 'admin', to: 'member' })).toBe('team.removeAccess');
    expect(roleChangeAction({ from: 'member', to: 'viewer' })).toBe('team.removeAccess');
    expect(roleChangeAction({ from: 'member', to: 'member' })).toBe('team.removeAccess');
  });

  it('makes the billing owner the owner role, whatever their stored role', () => {
    expect(effectivePermissionRole({ role: 'viewer', isBillingOwner: true })).toBe('owner');
    expect(effectivePermissionRole({ role: 'admin', isBillingOwner: false })).toBe('admin');
  });

  it('names the plan limit of the creates it counts', () => {
    expect(permissions['agent.create'].capability).toEqual({ limit: 'agents_per_subaccount' });
    expect(permissions['widget.create'].capability).toEqual({ limit: 'connections_per_type' });
  });
});
