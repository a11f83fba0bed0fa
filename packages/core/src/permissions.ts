import type { Role } from './auth';
import type { PlanCapabilities } from './plans';

/**
 * Who may do what inside a sub account, as data: the server checks every route against this
 * table in one function, and the web can read the same table to hide what a role cannot do.
 *
 * Ranks: viewer < member < admin < owner. The owner is the agency user whose plan and credits
 * the sub account uses (its billing owner); they always hold at least admin rights there.
 */
export const PermissionRole = ['viewer', 'member', 'admin', 'owner'] as const;
export type PermissionRole = (typeof PermissionRole)[number];

export const permissionRoleRank: Record<PermissionRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** A plan capability an action needs. Counted limits are checked where the row is inserted, atomically. */
export type RequiredCapability =
  | { feature: keyof PlanCapabilities['features'] }
  | { demo: keyof PlanCapabilities['demos'] }
  | { limit: keyof PlanCapabilities['limits'] };

export type Permission = {
  minimumRole: PermissionRole;
  /**
   * Changes data or spends credits. A sub account locked after a downgrade is read-only:
   * every write is refused there until an upgrade (or the owner keeps it as the active one).
   */
  isWrite: boolean;
  /** Spends the billing owner's credits (an AI call). Billed calls are writes too. */
  isBilled: boolean;
  capability: RequiredCapability | null;
};

const read = (minimumRole: PermissionRole = 'viewer'): Permission => ({
  minimumRole,
  isWrite: false,
  isBilled: false,
  capability: null,
});
const write = (minimumRole: PermissionRole = 'member', capability: RequiredCapability | null = null): Permission => ({
  minimumRole,
  isWrite: true,
  isBilled: false,
  capability,
});
const billed = (minimumRole: PermissionRole = 'member'): Permission => ({
  minimumRole,
  isWrite: true,
  isBilled: true,
  capability: null,
});

export const permissions = {
  'subaccount.read': read(),
  'subaccount.update': write(),
  /** The sub account's profile (name, logo) from its Settings page. */
  'subaccount.manage': write('admin'),
  /** White-label fields: only on plans with white-label sub accounts (Scale and up). */
  'subaccount.whitelabel': write('admin', { feature: 'whitelabel_subaccounts' }),
  /**
   * Deleting a sub account and everything in it. Not blocked by the lock: removing a locked sub
   * account is one way out of it, and it spends nothing.
   */
  'subaccount.delete': read('admin'),
  'agent.read': read(),
  'agent.create': write('member', { limit: 'agents_per_subaccount' }),
  'agent.update': write(),
  'agent.delete': write(),
  /** The webhook secret is a credential: members and up, readable while locked. */
  'agent.webhook.read': read('member'),
  'agent.webhook.rotate': write(),
  /** Making a version the one visitors get (docs/product/agents.md#versions); the gate's run is metered on its own. */
  'agent.publish': write(),
  /** Publishing although the regression gate refused, with a note: admins. */
  'agent.publish.override': write('admin'),
  /** Choosing the regression gate and its threshold. */
  'agent.gate.manage': write(),
  /** Drafting an agent from an idea calls the AI. */
  'agent.build': { ...billed(), capability: { limit: 'agents_per_subaccount' } },
  'chat.test': billed(),
  'evaluation.read': read(),
  'evaluation.manage': write(),
  /** Stopping a run spends nothing, so it stays possible in a locked sub account. */
  'evaluation.cancel': read('member'),
  'evaluation.start': billed(),
  'evaluation.generate': billed(),
  /** Optimize & Improve: reading proposals; asking for them and trying them calls the AI. */
  'optimize.read': read(),
  'optimize.propose': billed(),
  'optimize.try': billed(),
  /** Rejecting keeps the candidate as a draft version. */
  'optimize.decide': write(),
  /** The AI Mentor: one's own threads; asking calls the AI. */
  'mentor.read': read(),
  'mentor.chat': billed(),
  'widget.read': read(),
  'widget.create': write('member', { limit: 'connections_per_type' }),
  'widget.update': write(),
  'widget.deploy': write(),
  'widget.delete': write('admin'),
  /** Messaging connections (SMS/WhatsApp, Instagram, Messenger): setup, credentials, campaigns. */
  'channel.read': read(),
  'channel.create': write('member', { limit: 'connections_per_type' }),
  'channel.update': write(),
  'channel.delete': write('admin'),
  /** A team member answering a contact by hand, from the dashboard. */
  'channel.reply': write(),
  'campaign.read': read(),
  'campaign.manage': write(),
  'demo.read': read(),
  'demo.create': write('member', { demo: 'basic' }),
  'demo.update': write(),
  'demo.delete': write(),
  'apiKey.read': read(),
  'apiKey.manage': write(),
  'providerKey.read': read(),
  'providerKey.manage': write('admin'),
  /** Everyone in a sub account sees who else is in it; admins invite, change roles and remove. */
  'team.read': read(),
  /** Granting access: inviting, resending an invitation, raising a role. Refused while locked. */
  'team.manage': write('admin'),
  /**
   * Taking access away: removing a member, lowering a role, revoking an invitation. Not blocked by
   * the lock: it spends nothing, and an admin must be able to shut someone out of a locked sub account.
   */
  'team.removeAccess': read('admin'),
  /** Leaving a sub account: any member (the last admin cannot; the billing owner cannot). Allowed while locked. */
  'team.leave': read(),
  /** Plan and payment: the owner alone, and never blocked by the lock (an upgrade is how it lifts). */
  'billing.manage': read('owner'),
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof permissions;
export const actions = Object.keys(permissions) as Action[];

/** The rank a member's stored role gives, raised to owner for the sub account's billing owner. */
export function effectivePermissionRole(options: { role: Role; isBillingOwner: boolean }): PermissionRole {
  return options.isBillingOwner ? 'owner' : options.role;
}

export function hasRoleFor(role: PermissionRole, action: Action): boolean {
  return permissionRoleRank[role] >= permissionRoleRank[permissions[action].minimumRole];
}

/**
 * The action a role change needs: raising a role grants access (`team.manage`, refused while
 * locked); lowering it, or keeping it, takes none (`team.removeAccess`).
 */
export function roleChangeAction(change: { from: Role; to: Role }): Action {
  return permissionRoleRank[change.to] > permissionRoleRank[change.from] ? 'team.manage' : 'team.removeAccess';
}

/** The actions a role may take (for a UI that hides what it cannot do). */
export function listAllowedActions(role: PermissionRole): Action[] {
  return actions.filter((action) => hasRoleFor(role, action));
}
