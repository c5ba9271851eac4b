import type { User, UserSortField } from '@inspecta/contract';
import { Box, Button, Group, Menu, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  IconEye,
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useRef } from 'react';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { SelectAllHeader, SelectRowCell } from '@/components/list-screen/row-selection';
import { SortableTh } from '@/components/list-screen/sortable-th';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import type { RowSelection } from '@/components/list-screen/use-row-selection';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { UserAvatar } from '@/components/ui/user-avatar';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { accessState, formatPhone, fullName } from '../lib/labels';
import { sortDirection } from '../lib/list-params';
import { RoleBadge, StatusBadge, YouBadge } from './user-badges';
import classes from './users-table.module.css';

interface SortableHeaderProps {
  field: UserSortField;
  sort: string | null;
  onSort: (field: UserSortField) => void;
  children: string;
  visibleFrom?: 'sm' | 'md' | 'lg';
}

function SortableHeader({ field, sort, onSort, children, visibleFrom }: SortableHeaderProps) {
  return (
    <SortableTh direction={sortDirection(sort, field)} onSort={() => onSort(field)} visibleFrom={visibleFrom}>
      {children}
    </SortableTh>
  );
}

function details(user: User): string | null {
  if (user.userType === 'client') return user.company;
  if (user.userType === 'inspector')
    return [user.employeeCode, user.licenceNumber].filter(Boolean).join(' · ');
  return null;
}

export interface UserRowActions {
  open: (user: User) => void;
  edit: (user: User) => void;
  toggleStatus: (user: User) => void;
  remove: (user: User) => void;
  invite: (user: User) => void;
}

interface UsersTableProps {
  users: User[];
  loading: boolean;
  /** The fetch failed: the list is empty (SPEC.md 8), with a way to try again. */
  failed: boolean;
  onRetry: () => void;
  sort: string | null;
  onSort: (field: UserSortField) => void;
  actions: UserRowActions;
  isSelf: (id: number) => boolean;
  emptyText: string;
  onClearFilters?: (() => void) | undefined;
  /** Rows can be selected for the bulk actions (a checkbox column). */
  selection?: RowSelection | undefined;
}

function LoadingRows({ selectable }: { selectable: boolean }) {
  return Array.from({ length: 8 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
    <Table.Tr key={i}>
      {selectable ? <Table.Td /> : null}
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Skeleton circle height={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="50%" />
            <Skeleton height={8} width="70%" />
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Skeleton height={16} width={64} />
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Skeleton height={10} width="80%" />
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Skeleton height={10} width="70%" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={16} width={60} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Skeleton height={10} width="60%" />
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  ));
}

export function UsersTable({
  users,
  loading,
  failed,
  onRetry,
  sort,
  onSort,
  actions,
  isSelf,
  emptyText,
  onClearFilters,
  selection,
}: UsersTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  useCardLabels(tableRef);
  if (!loading && users.length === 0) {
    return (
      <Stack gap="sm" align="stretch">
        <EmptyState icon={IconUsers} data-testid="users-empty">
          {failed ? 'No users to show.' : emptyText}
        </EmptyState>
        <Group justify="center">
          {failed ? (
            <Button variant="light" onClick={onRetry} data-testid="users-retry">
              Try again
            </Button>
          ) : onClearFilters ? (
            <Button variant="subtle" onClick={onClearFilters}>
              Clear search and filters
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    // On a phone the rows are cards (card-table.module.css); the sort is then the "Sort by" select.
    <Box
      className={`${classes.wrapper} ${cardClasses.cards} ${cardClasses.withActions} ${selection ? cardClasses.selectable : ''}`}
    >
      <Table
        ref={tableRef}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        className={classes.table}
        aria-label="Users"
        aria-busy={loading}
        data-testid="users-table"
      >
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <SelectAllHeader
                selection={selection}
                rows={users.map((u) => ({ id: u.id, name: fullName(u) }))}
              />
            ) : null}
            <SortableHeader field="name" sort={sort} onSort={onSort}>
              Name
            </SortableHeader>
            <SortableHeader field="userType" sort={sort} onSort={onSort}>
              Role
            </SortableHeader>
            <Table.Th visibleFrom="md">Phone</Table.Th>
            <Table.Th visibleFrom="lg">Company / licence</Table.Th>
            <SortableHeader field="status" sort={sort} onSort={onSort}>
              Status
            </SortableHeader>
            <SortableHeader field="lastLoginAt" sort={sort} onSort={onSort} visibleFrom="sm">
              Last sign-in
            </SortableHeader>
            <Table.Th>
              <span className={classes.visuallyHidden}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && users.length === 0 ? (
            <LoadingRows selectable={selection !== undefined} />
          ) : (
            users.map((user) => {
              const self = isSelf(user.id);
              const name = fullName(user);
              const access = accessState(user);
              return (
                <Table.Tr key={user.id} data-testid="user-row" data-user-id={user.id} data-self={self}>
                  {selection ? <SelectRowCell selection={selection} id={user.id} name={name} /> : null}
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar user={user} size={36} />
                      <Box miw={0}>
                        <Group gap={6} wrap="nowrap">
                          <UnstyledButton
                            onClick={() => actions.open(user)}
                            className={classes.nameButton}
                            aria-label={`${name}, open details`}
                          >
                            {name}
                          </UnstyledButton>
                          {self ? <YouBadge /> : null}
                        </Group>
                        <Text size="xs" c="dimmed" truncate="end" title={user.email}>
                          {user.email}
                        </Text>
                      </Box>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge userType={user.userType} />
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Text size="sm" className={classes.nowrap}>
                      {formatPhone(user.phone)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="lg">
                    <Text size="sm" lineClamp={1} title={details(user) ?? undefined}>
                      {details(user) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {user.lastLoginAt ? (
                      <Text size="sm" title={formatDateTime(user.lastLoginAt)} className={classes.nowrap}>
                        {formatRelativeTime(user.lastLoginAt)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed" className={classes.nowrap}>
                        {access === 'invited'
                          ? 'Invited'
                          : access === 'expired'
                            ? 'Invitation expired'
                            : 'Never'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <RowActionsMenu label={`Actions for ${name}`}>
                      <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.open(user)}>
                        View details
                      </Menu.Item>
                      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(user)}>
                        Edit
                      </Menu.Item>
                      {!user.hasPassword && user.status === 'active' ? (
                        <Menu.Item
                          leftSection={<IconMailForward size={16} />}
                          onClick={() => actions.invite(user)}
                        >
                          {access === 'none' ? 'Send invitation' : 'Send a new invitation'}
                        </Menu.Item>
                      ) : null}
                      <Menu.Divider />
                      <Menu.Item
                        leftSection={
                          user.status === 'active' ? (
                            <IconPlayerPause size={16} />
                          ) : (
                            <IconPlayerPlay size={16} />
                          )
                        }
                        disabled={self}
                        onClick={() => actions.toggleStatus(user)}
                      >
                        {user.status === 'active' ? 'Deactivate' : 'Reactivate'}
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        disabled={self}
                        onClick={() => actions.remove(user)}
                      >
                        Delete
                      </Menu.Item>
                      {self ? <Menu.Label>You cannot deactivate or delete yourself</Menu.Label> : null}
                    </RowActionsMenu>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
