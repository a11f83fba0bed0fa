import type { Role } from '@agentry/core/auth';
import { Badge } from '@/components/ui/badge';

/** The role badges (docs/product/accounts-and-team.md): admin and viewer have their own; member is the default badge. */
const roleVariant: Record<Role, 'admin' | 'default' | 'viewer'> = {
  admin: 'admin',
  member: 'default',
  viewer: 'viewer',
};

export const roleLabels: Record<Role, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

export const roleDescriptions: Record<Role, string> = {
  admin: 'Builds, manages the team, provider keys and settings',
  member: 'Builds agents, widgets, demos and evaluations',
  viewer: 'Sees everything, changes nothing',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={roleVariant[role]}>{roleLabels[role]}</Badge>;
}
