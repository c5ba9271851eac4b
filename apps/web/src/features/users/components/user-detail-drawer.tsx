import type { User } from '@inspecta/contract';
import { Alert, Button, Divider, Drawer, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconClipboardList,
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { InspectorAssignments } from '@/features/assignments';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { useUser } from '../api/get-user';
import { accessState, formatPhone, fullName } from '../lib/labels';
import { ProfileImageControl } from './profile-image-control';
import { RoleBadge, StatusBadge, YouBadge } from './user-badges';
import classes from './user-detail-drawer.module.css';
import type { UserRowActions } from './users-table';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function when(iso: string | null, fallback = '—') {
  if (!iso) return fallback;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso)} ({formatRelativeTime(iso)})
    </time>
  );
}

function accessText(user: User): string {
  switch (accessState(user)) {
    case 'password':
      return 'Password set';
    case 'invited':
      return `Invitation sent; the link works until ${formatDateTime(user.invitationExpiresAt!)}`;
    case 'expired':
      return 'The invitation expired before a password was chosen';
    default:
      return 'No password yet: send an invitation so they can choose one';
  }
}

interface UserDetailDrawerProps {
  userId: number | null;
  onClose: () => void;
  actions: Omit<UserRowActions, 'open'>;
  isSelf: (id: number) => boolean;
  /** More of a client's page, composed by the route in src/app (see UserManagement). */
  clientSection?: ((clientId: number) => ReactNode) | undefined;
  /** The changes to the account, field by field (the activity feature's panel, composed by the route). */
  activitySection?: ((userId: number) => ReactNode) | undefined;
}

/** One user: profile, role data, how they sign in, sessions, and what happened to the account. */
export function UserDetailDrawer({
  userId,
  onClose,
  actions,
  isSelf,
  clientSection,
  activitySection,
}: UserDetailDrawerProps) {
  const query = useUser(userId);
  const detail = query.data;
  const user = detail?.user;
  const self = user ? isSelf(user.id) : false;
  const gone = isApiError(query.error) && query.error.status === 404;

  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text fw={650} fz="lg" component="span">
          User details
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close details' }}
      data-testid="user-detail-drawer"
    >
      {query.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Group gap="md">
            <Skeleton circle height={72} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={16} width="50%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          </Group>
          <Skeleton height={160} />
          <Skeleton height={120} />
        </Stack>
      ) : !user || !detail ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {gone
              ? 'This user no longer exists. They may have been deleted.'
              : 'The user could not be loaded.'}
          </Alert>
          {gone ? null : (
            <Button variant="light" onClick={() => void query.refetch()} w="fit-content">
              Try again
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap="sm">
            <Group gap="xs" align="center">
              <Title order={2} fz="xl" data-testid="detail-name">
                {fullName(user)}
              </Title>
              {self ? <YouBadge /> : null}
            </Group>
            <Group gap="xs">
              <RoleBadge userType={user.userType} />
              <StatusBadge status={user.status} />
            </Group>
            <ProfileImageControl user={user} self={self} />
          </Stack>

          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              onClick={() => actions.edit(user)}
            >
              Edit
            </Button>
            {!user.hasPassword && user.status === 'active' ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMailForward size={14} aria-hidden="true" />}
                onClick={() => actions.invite(user)}
              >
                {accessState(user) === 'none' ? 'Send invitation' : 'Send a new invitation'}
              </Button>
            ) : null}
            <Tooltip label="You cannot deactivate yourself" disabled={!self}>
              <Button
                size="xs"
                variant="default"
                leftSection={
                  user.status === 'active' ? (
                    <IconPlayerPause size={14} aria-hidden="true" />
                  ) : (
                    <IconPlayerPlay size={14} aria-hidden="true" />
                  )
                }
                disabled={self}
                onClick={() => actions.toggleStatus(user)}
              >
                {user.status === 'active' ? 'Deactivate' : 'Reactivate'}
              </Button>
            </Tooltip>
            <Tooltip label="You cannot delete yourself" disabled={!self}>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                disabled={self}
                onClick={() => actions.remove(user)}
              >
                Delete
              </Button>
            </Tooltip>
          </Group>

          <dl className={classes.facts}>
            <Fact label="Id">{user.id}</Fact>
            <Fact label="Email">{user.email}</Fact>
            <Fact label="Phone">{formatPhone(user.phone)}</Fact>
            {user.userType === 'client' ? <Fact label="Company">{user.company ?? '—'}</Fact> : null}
            {user.userType === 'inspector' ? (
              <>
                <Fact label="Employee code">{user.employeeCode ?? '—'}</Fact>
                <Fact label="Licence number">{user.licenceNumber ?? '—'}</Fact>
              </>
            ) : null}
            <Fact label="Sign-in">{accessText(user)}</Fact>
            <Fact label="Last sign-in">{when(user.lastLoginAt, 'Never')}</Fact>
            <Fact label="Active sessions">
              <span data-testid="active-sessions">{detail.activeSessions}</span>
            </Fact>
            <Fact label="Created">{when(user.createdAt)}</Fact>
            <Fact label="Last changed">{when(user.updatedAt)}</Fact>
          </dl>

          {user.userType === 'inspector' ? (
            <>
              <Divider />
              <Stack gap="sm">
                <Group gap={6}>
                  <IconClipboardList size={18} aria-hidden="true" />
                  <Title order={3} fz="md">
                    Open assignments
                  </Title>
                </Group>
                <InspectorAssignments inspectorId={user.id} />
              </Stack>
            </>
          ) : null}

          {user.userType === 'client' && clientSection ? (
            <>
              <Divider />
              {clientSection(user.id)}
            </>
          ) : null}

          {activitySection ? (
            <>
              <Divider />
              {activitySection(user.id)}
            </>
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
