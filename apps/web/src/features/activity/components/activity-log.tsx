import type { ActivityEvent } from '@inspecta/contract';
import { Button, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconX } from '@tabler/icons-react';
import { Fragment, useId, useMemo, useState } from 'react';
import { countActive, ListSearchInput } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { ListFooter } from '@/components/ui/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { useUsers } from '@/features/users';
import { useUrlParams } from '@/hooks/use-url-params';
import { positiveId } from '@/utils/positive-id';
import { type ActivityListParams, useActivity } from '../api/get-activity';
import { useActivityActions } from '../api/get-activity-actions';
import { entityTypeLabel, entityTypeOptions, parseObject } from '../lib/labels';
import { ActivityChanges } from './activity-changes';
import { ActivityCard, actorName, ChangesToggle, EventObject, EventTime } from './activity-event';

export const ACTIVITY_PAGE_SIZE = 25;

/** The URL keys of the log: ?search=&type=&action=&actor=&from=&to=&object=site:12&page= */
const KEYS = ['search', 'type', 'action', 'actor', 'from', 'to', 'object'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Who did it: any user, searched by name on the server. */
function ActorSelect({
  value,
  onChange,
  fallback,
}: {
  value: string;
  onChange: (value: string | null) => void;
  fallback: { id: number; name: string } | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const users = useUsers({ type: 'all', search: debounced, status: null, page: 1, limit: 20, sort: 'name' });
  const data = useMemo(() => {
    const items = (users.data?.users ?? []).map((u) => ({
      value: String(u.id),
      label: `${u.firstName} ${u.lastName}`.trim() || u.email,
    }));
    if (fallback && !items.some((i) => i.value === String(fallback.id)))
      items.unshift({ value: String(fallback.id), label: fallback.name });
    if (value && !items.some((i) => i.value === value)) items.unshift({ value, label: `User #${value}` });
    return items;
  }, [users.data, fallback, value]);
  return (
    <Select
      label="Who"
      placeholder="Anyone"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear who' }}
      data={data}
      value={value || null}
      onChange={onChange}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Loading…' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
      style={{ flex: '1 1 150px' }}
    />
  );
}

/** One event as a table row, with its changes in a row under it when opened. */
function ActivityTableRow({ event }: { event: ActivityEvent }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Table.Tr data-testid="activity-row" data-action={event.action}>
        <Table.Td>
          <Text size="sm">
            <EventTime at={event.at} />
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {actorName(event)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{event.verb}</Text>
          <Text size="xs" c="dimmed">
            {event.action}
          </Text>
        </Table.Td>
        <Table.Td>
          <EventObject event={event} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <ChangesToggle
            count={event.changes.length}
            open={open}
            onToggle={() => setOpen((was) => !was)}
            controls={id}
            subject={`${actorName(event)} ${event.verb}${event.object ? ` ${event.object}` : ''}`}
          />
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={id} data-testid="activity-details">
          <Table.Td colSpan={5} bg="gray.0">
            <ActivityChanges changes={event.changes} entityType={event.entityType} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/**
 * The activity log (/dashboard/activity, administrators): every audit event newest first, filtered
 * by who, what kind of object, which action, which object and when, each opening its before/after
 * field by field. Cards on a phone.
 */
export function ActivityLog() {
  const { values, page, update } = useUrlParams(KEYS);
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const actions = useActivityActions();

  const object = parseObject(values.object);
  const type = object?.type ?? (values.type || undefined);
  const actor = positiveId(values.actor);
  const from = DAY.test(values.from) ? values.from : undefined;
  const to = DAY.test(values.to) ? values.to : undefined;
  const reversed = Boolean(from && to && from > to);
  const params: ActivityListParams = {
    ...(values.search ? { search: values.search } : {}),
    ...(type ? { entity_type: type } : {}),
    ...(object ? { entity_id: object.id } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...(actor ? { actor_id: actor } : {}),
    ...(from ? { from } : {}),
    ...(to && !reversed ? { to } : {}),
    page,
    limit: ACTIVITY_PAGE_SIZE,
  };
  const query = useActivity(params);
  const rows = query.data?.events ?? [];
  const total = query.data?.pagination.total ?? 0;
  const filtered = Boolean(values.search || type || values.action || actor || from || to);

  const actionData = (actions.data?.actions ?? [])
    .filter((a) => !type || a.entityType === type)
    .map((a) => a.action)
    .filter((a, i, all) => all.indexOf(a) === i)
    .map((a) => ({ value: a, label: a }));
  if (values.action && !actionData.some((a) => a.value === values.action))
    actionData.unshift({ value: values.action, label: values.action });

  const actorFallback = rows.find((r) => actor && r.actor?.id === actor)?.actor ?? undefined;

  return (
    <>
      <PageHeader
        title="Activity log"
        description="Every change made in Inspecta: who did what to which record and when, with each field before and after."
      />
      <ListScreen
        filterGap="sm"
        search={
          <ListSearchInput
            label="Search"
            placeholder="Action, site code, name, any recorded value"
            value={values.search}
            onSearch={(text) => update({ search: text })}
            flex="2 1 200px"
          />
        }
        activeFilters={countActive(type, values.action, actor, from, to)}
        filters={
          <>
            {object ? (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Record
                </Text>
                <Button
                  variant="light"
                  rightSection={<IconX size={14} aria-hidden="true" />}
                  onClick={() => update({ object: null })}
                  aria-label={`Show every record, not only ${entityTypeLabel(object.type)} #${object.id}`}
                  data-testid="activity-object-filter"
                >
                  {entityTypeLabel(object.type)} #{object.id}
                </Button>
              </Stack>
            ) : (
              <Select
                label="Record type"
                placeholder="Any"
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear record type' }}
                data={entityTypeOptions}
                value={values.type || null}
                onChange={(next) => update({ type: next, action: null })}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 150px' }}
              />
            )}
            <Select
              label="Action"
              placeholder="Any"
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear action' }}
              data={actionData}
              value={values.action || null}
              onChange={(next) => update({ action: next })}
              nothingFoundMessage={actions.isPending ? 'Loading…' : 'No such action'}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '1 1 160px' }}
            />
            <ActorSelect
              value={values.actor}
              onChange={(next) => update({ actor: next })}
              fallback={actorFallback}
            />
            <TextInput
              type="date"
              label="From"
              value={values.from}
              max={to}
              onChange={(event) => update({ from: event.currentTarget.value })}
              style={{ flex: '0 1 135px' }}
            />
            <TextInput
              type="date"
              label="To"
              value={values.to}
              min={from}
              onChange={(event) => update({ to: event.currentTarget.value })}
              error={reversed ? 'To must be on or after From' : undefined}
              style={{ flex: '0 1 135px' }}
            />
          </>
        }
        query={query}
        rowCount={rows.length}
        skeleton={<ListSkeleton testId="activity-loading" />}
        empty={{
          icon: IconHistory,
          'data-testid': 'activity-empty',
          text: filtered || object ? 'No activity matches these filters.' : 'Nothing has been recorded yet.',
          failedText: 'The activity log could not be loaded.',
        }}
        footer={
          rows.length > 0 ? (
            <ListFooter
              page={page}
              limit={ACTIVITY_PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['event', 'events']}
            />
          ) : null
        }
      >
        {narrow ? (
          <Stack gap="sm" data-testid="activity-cards" opacity={query.isPlaceholderData ? 0.7 : 1}>
            {rows.map((event) => (
              <ActivityCard key={event.id} event={event} />
            ))}
          </Stack>
        ) : (
          <ListTable
            minWidth={820}
            data-testid="activity-table"
            headBg="gray.0"
            columns={
              <>
                <Table.Th w={190}>When</Table.Th>
                <Table.Th w={170}>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Record</Table.Th>
              </>
            }
          >
            {rows.map((event) => (
              <Fragment key={event.id}>
                <ActivityTableRow event={event} />
              </Fragment>
            ))}
          </ListTable>
        )}
      </ListScreen>
    </>
  );
}
