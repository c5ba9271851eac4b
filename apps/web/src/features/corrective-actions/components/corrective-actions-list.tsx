import {
  type CorrectiveAction,
  correctiveActionListQuerySchema,
  correctiveActionPrioritySchema,
  correctiveActionStatuses,
  correctiveActionStatusSchema,
} from '@inspecta/contract';
import { Anchor, Group, Menu, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countActive, ListSearchInput, SegmentedFilter } from '@/components/list-screen/list-filters';
import { ListScreen } from '@/components/list-screen/list-screen';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { ListTable } from '@/components/list-screen/list-table';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { RowActionsMenu } from '@/components/ui/row-actions-menu';
import { inspectionPaths } from '@/config/paths';
import { describeDueOn, priorityLabels, SiteFilterSelect } from '@/features/assignments';
import { useSiteEquipment } from '@/features/equipment';
import { useUrlParams } from '@/hooks/use-url-params';
import { formatDay, todayIso } from '@/lib/dates';
import { positiveId } from '@/utils/positive-id';
import { exportCorrectiveActions } from '../api/export-corrective-actions';
import { type CorrectiveActionListParams, useCorrectiveActions } from '../api/get-corrective-actions';
import { actionStatusLabels } from '../lib/format';
import { ActionPriorityBadge, ActionStatusBadge, OverdueBadge } from './badges';
import { OwnerSelect } from './owner-select';

export const ACTION_PAGE_SIZE = 20;

const VIEWS = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'mine', label: 'Mine' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const;
type View = (typeof VIEWS)[number]['value'];

const SORTS = [
  { value: 'dueOn', label: 'Due date (soonest first)' },
  { value: '-dueOn', label: 'Due date (latest first)' },
  { value: '-priority', label: 'Priority (urgent first)' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'status', label: 'Status' },
];
/** The server's order while searching (issue 22): offered, and shown as chosen, only with a term. */
const BEST_MATCH = { value: 'relevance', label: 'Best match' };

/** The URL keys of the list (`tab` belongs to Inspection Management). */
const KEYS = ['view', 'search', 'site', 'equipment', 'owner', 'priority', 'status', 'sort'] as const;

function asView(value: string): View {
  return VIEWS.some((v) => v.value === value) ? (value as View) : 'open';
}

/** One action's title, where it is and what it came from; a link to its page. */
function ActionTitle({ action }: { action: CorrectiveAction }) {
  return (
    <>
      <Anchor component={Link} to={inspectionPaths.action(action.id)} fw={600} size="sm" lineClamp={2}>
        {action.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        #{action.id}
        {action.itemLabel && action.itemLabel !== action.title ? ` · ${action.itemLabel}` : ''}
        {action.source === 'manual' ? ' · created by hand' : ''}
      </Text>
    </>
  );
}

function Where({ action }: { action: CorrectiveAction }) {
  return (
    <>
      <Text size="sm" lineClamp={1}>
        {action.site.name}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {action.site.siteCode}
        {action.equipment ? ` · ${action.equipment.assetTag} ${action.equipment.name}` : ' · Whole site'}
      </Text>
    </>
  );
}

function Due({ action, today }: { action: CorrectiveAction; today: string }) {
  const open = action.status === 'open' || action.status === 'in_progress';
  return (
    <>
      <Text size="sm" fw={500}>
        {formatDay(action.dueOn)}
      </Text>
      {open ? (
        <Text size="xs" c={action.overdue ? 'red.8' : 'dimmed'} fw={action.overdue ? 600 : 400}>
          {describeDueOn(action.dueOn, today)}
        </Text>
      ) : null}
    </>
  );
}

function StatusCell({ action }: { action: CorrectiveAction }) {
  return (
    <Stack gap={4} align="flex-start">
      <ActionStatusBadge status={action.status} />
      {action.overdue ? <OverdueBadge /> : null}
      {action.reinspectionNote && (action.status === 'open' || action.status === 'in_progress') ? (
        <Text size="xs" c="red.8" lineClamp={2}>
          {action.reinspectionNote}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One action as a card, for narrow screens: the same facts as a table row. */
function ActionCard({ action, today, menu }: { action: CorrectiveAction; today: string; menu: ReactNode }) {
  return (
    <Paper
      withBorder
      bg="white"
      p="sm"
      data-testid="action-row"
      data-status={action.status}
      data-id={action.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <div>
            <ActionTitle action={action} />
          </div>
          <div>
            <Where action={action} />
          </div>
          <Group gap="xs" wrap="wrap">
            <ActionStatusBadge status={action.status} />
            <ActionPriorityBadge priority={action.priority} />
            {action.overdue ? <OverdueBadge /> : null}
          </Group>
          <Group gap="md" wrap="wrap">
            <div>
              <Due action={action} today={today} />
            </div>
            <Text size="sm" c={action.owner ? undefined : 'dimmed'}>
              {action.owner ? action.owner.name : 'No owner yet'}
            </Text>
          </Group>
        </Stack>
        {menu}
      </Group>
    </Paper>
  );
}

interface CorrectiveActionsListProps {
  /** Fixed filters of an embedding page (a site's page); their fields are then not shown. */
  siteId?: number;
  /** Where the filters and view live: the address (the tab) or the embedding page's own state. */
  state?: {
    values: Record<(typeof KEYS)[number], string>;
    page: number;
    update: (patch: Partial<Record<(typeof KEYS)[number] | 'page', string | number | null>>) => void;
  };
}

/**
 * Inspection Management's "Corrective actions" tab: the open, overdue, own and resolved actions,
 * filtered by site, unit, owner, priority and status, searched, paged (the count stops at 10,000)
 * and exported.
 */
export function CorrectiveActionsList({ siteId, state }: CorrectiveActionsListProps) {
  const fromUrl = useUrlParams(KEYS);
  const { values, page, update } = state ?? fromUrl;
  const view = asView(values.view);
  const today = todayIso();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  const site = siteId ?? positiveId(values.site);
  const equipment = positiveId(values.equipment);
  const owner = positiveId(values.owner);
  const priority = correctiveActionPrioritySchema.safeParse(values.priority || undefined).data;
  const status = correctiveActionStatusSchema.safeParse(values.status || undefined).data;
  // A sort the API does not know (a hand-edited URL) falls back to the default order. While
  // searching the server's default is "Best match" (sent as no sort); without a term it means
  // nothing and is not offered.
  const parsedSort = correctiveActionListQuerySchema.shape.sort.safeParse(values.sort || undefined).data;
  const sort = parsedSort === 'relevance' && !values.search ? undefined : parsedSort;
  const params: CorrectiveActionListParams = {
    view,
    ...(values.search ? { search: values.search } : {}),
    ...(site ? { site_id: site } : {}),
    ...(site && equipment ? { equipment_id: equipment } : {}),
    ...(owner && view !== 'mine' ? { owner_id: owner } : {}),
    ...(priority ? { priority } : {}),
    ...(status ? { status } : {}),
    ...(sort ? { sort } : {}),
    page,
    limit: ACTION_PAGE_SIZE,
  };
  const query = useCorrectiveActions(params);
  const units = useSiteEquipment(site);
  const rows = query.data?.actions ?? [];
  const total = query.data?.pagination.total ?? 0;
  const filtered = Boolean(
    values.search ||
      (!siteId && values.site) ||
      values.equipment ||
      values.owner ||
      values.priority ||
      values.status,
  );

  const unitData = (units.data?.equipments ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.assetTag} · ${u.name}`,
  }));

  const emptyText = filtered
    ? 'No corrective action matches these filters.'
    : view === 'overdue'
      ? 'Nothing is overdue. Every open corrective action is within its due date.'
      : view === 'mine'
        ? 'No corrective action is yours. Actions you own appear here.'
        : view === 'resolved'
          ? 'Resolved and verified actions appear here once their work is done.'
          : 'No open corrective actions. Failed inspection items create them, and you can create one from any answer of an inspection.';

  const menu = (action: CorrectiveAction) => (
    <RowActionsMenu label={`Actions for ${action.title} (#${action.id})`}>
      <Menu.Item
        component={Link}
        to={inspectionPaths.action(action.id)}
        leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Open
      </Menu.Item>
      {action.inspectionId ? (
        <Menu.Item
          component={Link}
          to={inspectionPaths.detail(action.inspectionId)}
          leftSection={<IconChecklist size={16} aria-hidden="true" />}
        >
          Open the inspection
        </Menu.Item>
      ) : null}
    </RowActionsMenu>
  );

  return (
    <ListScreen
      filterGap="sm"
      search={
        <ListSearchInput
          label="Search"
          placeholder="Title, item, site, asset tag or #id"
          value={values.search}
          onSearch={(text) => update({ search: text })}
          flex="2 1 220px"
        />
      }
      activeFilters={countActive(
        view !== 'open',
        !siteId && values.site,
        values.equipment,
        values.owner,
        priority,
        status,
      )}
      filters={
        <>
          <SegmentedFilter
            id={siteId ? `site-${siteId}-action-view` : 'action-view-label'}
            label="Show"
            value={view}
            onChange={(next) =>
              update({ view: next === 'open' ? null : next, ...(next === 'mine' ? { owner: null } : {}) })
            }
            data={VIEWS.map((v) => ({ value: v.value, label: v.label }))}
          />
          {siteId ? null : (
            <SiteFilterSelect
              value={values.site}
              onChange={(next) => update({ site: next, equipment: null })}
              style={{ flex: '1 1 200px' }}
            />
          )}
          <Select
            label="Equipment"
            placeholder={site ? 'All units' : 'Pick a site first'}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear equipment' }}
            disabled={!site}
            data={unitData}
            value={site && values.equipment ? values.equipment : null}
            onChange={(next) => update({ equipment: next })}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 180px' }}
          />
          {view === 'mine' ? null : (
            <OwnerSelect
              label="Owner"
              placeholder="Anyone"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear owner' }}
              value={values.owner || null}
              onChange={(next) => update({ owner: next })}
              fallback={rows.find((r) => String(r.owner?.id) === values.owner)?.owner}
              style={{ flex: '1 1 180px' }}
            />
          )}
          <Select
            label="Priority"
            placeholder="Any"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear priority' }}
            data={(['urgent', 'high', 'normal', 'low'] as const).map((p) => ({
              value: p,
              label: priorityLabels[p],
            }))}
            value={priority ?? null}
            onChange={(next) => update({ priority: next })}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '0 1 140px' }}
          />
          <Select
            label="Status"
            placeholder="Any in this view"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status' }}
            data={correctiveActionStatuses.map((s) => ({ value: s, label: actionStatusLabels[s] }))}
            value={status ?? null}
            onChange={(next) => update({ status: next })}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '0 1 160px' }}
          />
          <Select
            label="Sort by"
            data={values.search ? [BEST_MATCH, ...SORTS] : SORTS}
            value={sort ?? (values.search ? BEST_MATCH.value : null)}
            placeholder="Overdue first"
            // Clearing goes back to the default order: nothing to clear when that is shown.
            clearable={sort !== undefined && sort !== 'relevance'}
            clearButtonProps={{ 'aria-label': 'Clear sort' }}
            onChange={(next) => update({ sort: next })}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '0 1 200px' }}
          />
          <ExportMenu
            label="corrective actions"
            onExport={(format, options) => exportCorrectiveActions(format, params, options)}
            disabled={query.isPending || total === 0}
            data-testid="actions-export"
          />
        </>
      }
      query={query}
      rowCount={rows.length}
      skeleton={<ListSkeleton testId="actions-loading" />}
      empty={{
        icon: IconChecklist,
        'data-testid': 'actions-empty',
        text: emptyText,
        failedText: 'The corrective actions could not be loaded.',
      }}
      footer={
        rows.length > 0 ? (
          <ListFooter
            page={page}
            limit={ACTION_PAGE_SIZE}
            total={total}
            totalIsCapped={query.data?.pagination.totalIsCapped}
            onPage={(next) => update({ page: next })}
            noun={['corrective action', 'corrective actions']}
          />
        ) : null
      }
    >
      {narrow ? (
        <Stack gap="sm" data-testid="actions-cards" opacity={query.isPlaceholderData ? 0.7 : 1}>
          {rows.map((action) => (
            <ActionCard key={action.id} action={action} today={today} menu={menu(action)} />
          ))}
        </Stack>
      ) : (
        <ListTable
          minWidth={860}
          data-testid="actions-table"
          headBg="gray.0"
          columns={
            <>
              <Table.Th>Action</Table.Th>
              <Table.Th>{siteId ? 'Equipment' : 'Site and equipment'}</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th w={170}>Due</Table.Th>
              <Table.Th w={100}>Priority</Table.Th>
              <Table.Th w={150}>Status</Table.Th>
            </>
          }
        >
          {rows.map((action) => (
            <Table.Tr
              key={action.id}
              data-testid="action-row"
              data-status={action.status}
              data-id={action.id}
            >
              <Table.Td maw={320}>
                <ActionTitle action={action} />
              </Table.Td>
              <Table.Td maw={260}>
                <Where action={action} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={action.owner ? undefined : 'dimmed'}>
                  {action.owner ? action.owner.name : 'No owner yet'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Due action={action} today={today} />
              </Table.Td>
              <Table.Td>
                <ActionPriorityBadge priority={action.priority} />
              </Table.Td>
              <Table.Td>
                <StatusCell action={action} />
              </Table.Td>
              <Table.Td>{menu(action)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListScreen>
  );
}
