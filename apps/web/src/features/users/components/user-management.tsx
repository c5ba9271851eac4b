import type { User, UserSortField, UserType } from '@inspecta/contract';
import { Button, CloseButton, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { countActive, FoldedFilters } from '@/components/list-screen/list-filters';
import { ExportMenu } from '@/components/ui/export-menu';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { exportUsers } from '../api/export-users';
import { useUsers } from '../api/get-users';
import { useUserListState } from '../hooks/use-user-list-state';
import { countLabel, fullName, TAB_LABEL } from '../lib/labels';
import { nextSort, PAGE_SIZES, type UserTab, userTabs } from '../lib/list-params';
import { isSignedInUser } from '../lib/session-sync';
import { announceInvitation } from './invitation-link';
import { useUserActions } from './use-user-actions';
import { useUsersBulk } from './use-users-bulk';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserFormDrawer } from './user-form-drawer';
import classes from './user-management.module.css';
import { UsersTable } from './users-table';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The orders of the column headers, for a phone, where the rows are cards and the headers are gone.
 * "newest" stands for no `sort` in the address (the default order).
 */
const PHONE_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: 'userType', label: 'Role' },
  { value: 'status', label: 'Status' },
  { value: '-lastLoginAt', label: 'Last sign-in, latest first' },
  { value: 'lastLoginAt', label: 'Last sign-in, earliest first' },
];

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: User };

interface UserManagementProps {
  /**
   * More of a client's page, shown in the client's drawer below their details (the route composes
   * it from other features, e.g. the shop's client addresses), so this feature imports none of them.
   */
  clientSection?: (clientId: number) => ReactNode;
  /** The changes to a user's account in their drawer (the activity feature's panel, composed by the route). */
  activitySection?: (userId: number) => ReactNode;
  /** The saved views control the app composes in (issue 21). */
  views?: ReactNode;
}

/** The User Management screen: tabs by role, search, status filter, sortable paged table, drawers. */
export function UserManagement({ clientSection, activitySection, views }: UserManagementProps = {}) {
  const { params, update, openUserId, setOpenUser } = useUserListState();
  const query = useUsers(params);
  const bulk = useUsersBulk(params);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const actions = useUserActions({ onDeleted: (user) => openUserId === user.id && setOpenUser(null) });

  // The search box types freely; the URL (and the request) follow 300 ms after the last key.
  const [searchText, setSearchText] = useState(params.search);
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const lastWritten = useRef(params.search);
  useEffect(() => {
    if (debouncedSearch.trim() === lastWritten.current.trim()) return;
    lastWritten.current = debouncedSearch;
    update({ search: debouncedSearch }, { resetPage: true });
  }, [debouncedSearch, update]);
  // Back/forward or a link changed the URL: show its search in the box.
  useEffect(() => {
    if (params.search.trim() !== lastWritten.current.trim()) {
      lastWritten.current = params.search;
      setSearchText(params.search);
    }
  }, [params.search]);

  const users = query.data?.users ?? [];
  const total = query.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.limit));
  const failed = query.isError;
  const loading = query.isPending || (query.isFetching && query.isPlaceholderData);
  const filtered = params.search !== '' || params.status !== null;
  const first = total === 0 ? 0 : (params.page - 1) * params.limit + 1;
  const last = Math.min(total, params.page * params.limit);
  const defaultType: UserType = params.type === 'all' ? 'inspector' : params.type;

  // A page past the end (after deletions or a narrower search) goes back to the last page.
  useEffect(() => {
    if (query.data && params.page > pages) update({ page: pages });
  }, [query.data, params.page, pages, update]);

  const rowActions = {
    open: (user: User) => setOpenUser(user.id),
    edit: (user: User) => setForm({ mode: 'edit', user }),
    ...actions,
  };

  const emptyText = params.search
    ? `No ${params.type === 'all' ? 'users' : TAB_LABEL[params.type].toLowerCase()} match “${params.search}”.`
    : params.status
      ? `No ${params.status} ${params.type === 'all' ? 'users' : TAB_LABEL[params.type].toLowerCase()}.`
      : params.type === 'all'
        ? 'No users yet. Add your administrators, inspectors and clients.'
        : `No ${TAB_LABEL[params.type].toLowerCase()} yet.`;

  return (
    <>
      <PageHeader
        title="User Management"
        description="Administrators, inspectors and client accounts: who they are, how they sign in, and their status."
        actions={
          <Group gap="sm">
            <ExportMenu
              label="users"
              onExport={(format, options) => exportUsers(format, params, options)}
              disabled={query.isPending || total === 0}
              data-testid="users-export"
            />
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
              onClick={() => setForm({ mode: 'create' })}
            >
              Add user
            </Button>
          </Group>
        }
      />

      <Stack gap="md">
        <div className={classes.toolbar}>
          <SegmentedControl
            aria-label="User type"
            value={params.type}
            onChange={(value) => update({ type: value as UserTab }, { resetPage: true })}
            data={userTabs.map((tab) => ({ value: tab, label: TAB_LABEL[tab] }))}
            className={classes.tabs}
            data-testid="user-type-tabs"
          />
          <TextInput
            className={classes.search}
            aria-label="Search users"
            placeholder="Search by name, email, phone or Id"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setSearchText('');
            }}
            rightSection={
              searchText ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchText('')} />
              ) : null
            }
            maxLength={100}
          />
          <FoldedFilters activeFilters={countActive(params.status)}>
            <Select
              className={classes.status}
              aria-label="Status"
              value={params.status ?? 'any'}
              onChange={(value) =>
                update(
                  { status: value === 'active' || value === 'inactive' ? value : null },
                  { resetPage: true },
                )
              }
              data={[
                { value: 'any', label: 'Any status' },
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </FoldedFilters>
          <ListViewControls views={views} list="users" table="users-table" />
          <Select
            className={classes.sort}
            hiddenFrom="sm"
            aria-label="Sort by"
            value={params.sort ?? 'newest'}
            onChange={(value) =>
              update({ sort: !value || value === 'newest' ? null : value }, { resetPage: true })
            }
            // A sort chosen from a header on a desktop that is not in the list still shows by its field.
            data={
              params.sort && !PHONE_SORTS.some((o) => o.value === params.sort)
                ? [...PHONE_SORTS, { value: params.sort, label: params.sort }]
                : PHONE_SORTS
            }
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </div>

        <Group justify="space-between" gap="xs" mih={24}>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-count">
            {query.isPending
              ? 'Loading users…'
              : failed
                ? ''
                : total === 0
                  ? ''
                  : `${countLabel(total, params.type, query.data?.pagination.totalIsCapped)}${filtered ? ' found' : ''} · showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')}`}
          </Text>
        </Group>

        {bulk.bar}
        <UsersTable
          selection={bulk.selection}
          users={failed ? [] : users}
          loading={loading && !failed}
          failed={failed}
          onRetry={() => void query.refetch()}
          sort={params.sort}
          onSort={(field: UserSortField) =>
            update({ sort: nextSort(params.sort, field) }, { resetPage: true })
          }
          actions={rowActions}
          isSelf={isSignedInUser}
          emptyText={emptyText}
          onClearFilters={
            filtered
              ? () => {
                  setSearchText('');
                  lastWritten.current = '';
                  update({ search: '', status: null }, { resetPage: true });
                }
              : undefined
          }
        />

        {!failed && total > 0 ? (
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed" component="label" htmlFor="users-page-size">
                Rows per page
              </Text>
              <Select
                id="users-page-size"
                w={84}
                size="xs"
                value={String(params.limit)}
                onChange={(value) => update({ limit: Number(value) }, { resetPage: true })}
                data={PAGE_SIZES.map(String)}
                allowDeselect={false}
              />
            </Group>
            {pages > 1 ? (
              <Pager
                total={pages}
                value={Math.min(params.page, pages)}
                onChange={(page) => update({ page })}
                siblings={1}
                boundaries={1}
              />
            ) : null}
          </Group>
        ) : null}
      </Stack>

      {/* The form comes last so it opens above the detail drawer it can be opened from. */}
      <UserDetailDrawer
        userId={openUserId}
        onClose={() => setOpenUser(null)}
        actions={rowActions}
        isSelf={isSignedInUser}
        clientSection={clientSection}
        activitySection={activitySection}
      />
      <UserFormDrawer
        opened={form.mode !== 'closed'}
        onClose={() => setForm({ mode: 'closed' })}
        user={form.mode === 'edit' ? form.user : null}
        defaultType={defaultType}
        onCreated={(result) => {
          if (result.invitation) announceInvitation(fullName(result.user), result.invitation, result.message);
        }}
      />
    </>
  );
}
