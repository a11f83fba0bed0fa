import { APIError } from 'better-auth/api';
import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/organization/access';
import type { OrganizationOptions } from 'better-auth/plugins';
import { Role } from '@agentry/core/auth';

/**
 * Better Auth's organization plugin holds our sub accounts (organization, member, invitation
 * tables), but its own endpoints are not how sub accounts are created or shared: our routes are,
 * with the plan and role rules. Its HTTP routes are switched off at our edge; these options make
 * a server-side `auth.api.*` call obey the same rules:
 * - nobody creates or deletes an organization through the library (POST /api/subaccounts applies
 *   the plan limit and creates the settings row the rest of the product needs);
 * - the only roles are admin, member and viewer, one per member. The plugin always accepts its
 *   built-in `owner` role, which our role checks do not know, so the hooks refuse any other
 *   role when inviting, adding, accepting or changing a member.
 */
const accessControl = createAccessControl(defaultStatements);

const roles = {
  admin: accessControl.newRole({
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: [],
    ac: ['read'],
  }),
  member: accessControl.newRole({ organization: [], member: [], invitation: [], team: [], ac: ['read'] }),
  viewer: accessControl.newRole({ organization: [], member: [], invitation: [], team: [], ac: [] }),
};

function assertKnownRole(role: unknown) {
  if (!Role.safeParse(role).success) {
    throw new APIError('BAD_REQUEST', { message: `Unknown role: the role must be one of ${Role.options.join(', ')}` });
  }
}

function refuse(message: string): Promise<never> {
  return Promise.reject(new APIError('FORBIDDEN', { message }));
}

export const organizationPluginOptions = {
  ac: accessControl,
  roles,
  creatorRole: 'admin',
  allowUserToCreateOrganization: false,
  disableOrganizationDeletion: true,
  organizationHooks: {
    beforeCreateOrganization: () => refuse('Sub accounts are created through POST /api/subaccounts'),
    beforeDeleteOrganization: () => refuse('Sub accounts cannot be deleted through the auth library'),
    beforeAddMember: ({ member }) => Promise.resolve(assertKnownRole(member.role)),
    beforeUpdateMemberRole: ({ newRole }) => Promise.resolve(assertKnownRole(newRole)),
    beforeCreateInvitation: ({ invitation }) => Promise.resolve(assertKnownRole(invitation.role)),
    beforeAcceptInvitation: ({ invitation }) => Promise.resolve(assertKnownRole(invitation.role)),
  },
} satisfies OrganizationOptions;
