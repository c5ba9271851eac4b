import type { User, UserType } from '@inspecta/contract';
import { Badge } from '@mantine/core';
import { ROLE_COLOR, ROLE_LABEL } from '../lib/labels';

export function RoleBadge({ userType }: { userType: UserType }) {
  return (
    <Badge variant="light" color={ROLE_COLOR[userType]} c={`${ROLE_COLOR[userType]}.9`} radius="sm" size="sm">
      {ROLE_LABEL[userType]}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: User['status'] }) {
  return (
    <Badge
      variant={status === 'active' ? 'light' : 'outline'}
      color={status === 'active' ? 'green' : 'gray.7'}
      // Darker than green.9, so the small uppercase label keeps 4.5:1 on its tint.
      c={status === 'active' ? '#1b6b32' : 'gray.8'}
      radius="sm"
      size="sm"
      leftSection={<span aria-hidden="true">●</span>}
    >
      {status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** SPEC.md 3: the signed-in user's own row is marked. */
export function YouBadge() {
  return (
    <Badge variant="filled" color="dark.5" radius="sm" size="xs" data-testid="you-badge">
      You
    </Badge>
  );
}
