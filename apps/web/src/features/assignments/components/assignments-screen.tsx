import { type Assignment, assignmentListQuerySchema } from '@inspecta/contract';
import { Button, Paper, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconClipboardCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { countActive, ListFilterBar } from '@/components/list-screen/list-filters';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { RetryRow } from '@/components/ui/retry-row';
import { TabStrip } from '@/components/ui/tab-strip';
import { todayIso } from '@/lib/dates';
import { positiveId } from '@/utils/positive-id';
import { exportAssignments } from '../api/export-assignments';
import { type AssignmentListParams, useAssignments } from '../api/get-assignments';
import { AssignmentFormDrawer } from './assignment-form-drawer';
import { AssignmentsTable } from './assignments-table';
import { CancelAssignmentModal } from './cancel-assignment-modal';
import { useAssignmentsBulk } from './use-assignments-bulk';
import { InspectorFilterSelect, SiteFilterSelect } from './work-filters';

export const ASSIGNMENT_PAGE_SIZE = 20;

type Tab = 'active' | 'overdue' | 'history';
const TABS: { value: string; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'history', label: 'Completed history' },
];

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'dueOn', label: 'Due date (soonest first)' },
  { value: '-dueOn', label: 'Due date (latest first)' },
  { value: '-priority', label: 'Priority (urgent first)' },
  { value: 'scheduledFor', label: 'Scheduled date' },
  { value: 'site', label: 'Site name' },
  { value: 'inspector', label: 'Inspector name' },
  { value: '-createdAt', label: 'Newest first' },
];

// The last four belong to the completed history (see `completedHistory`); a tab change clears them.
const KEYS = [
  'tab',
  'search',
  'status',
  'inspector',
  'site',
  'sort',
  'result',
  'category',
  'from',
  'to',
] as const;
type Key = (typeof KEYS)[number];

function useUrlState() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const result = {} as Record<Key, string>;
    for (const key of KEYS) result[key] = params.get(key) ?? '';
    return result;
  }, [params]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = useCallback(
    (patch: Partial<Record<Key | 'page', string | number>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** To or from another feature's tab: every filter of the tab left behind goes. */
  const switchTab = useCallback(
    (tab: string) => setParams(tab === 'active' ? {} : { tab }, { replace: true }),
    [setParams],
  );
  return { values, page, update, switchTab };
}

function paramsFor(values: Record<Key, string>, page: number): AssignmentListParams {
  const tab: Tab = values.tab === 'overdue' || values.tab === 'history' ? values.tab : 'active';
  const status =
    tab === 'history'
      ? values.status === 'cancelled'
        ? 'cancelled'
        : 'completed'
      : values.status === 'assigned' || values.status === 'in_progress'
        ? values.status
        : 'active';
  const inspector = positiveId(values.inspector);
  const site = positiveId(values.site);
  // A sort the API does not know (a hand-edited URL) falls back to the default order.
  const sort = assignmentListQuerySchema.shape.sort.safeParse(values.sort || undefined).data;
  return {
    status,
    ...(tab === 'overdue' ? { overdue: true } : {}),
    ...(values.search ? { search: values.search } : {}),
    ...(inspector ? { inspector_id: inspector } : {}),
    ...(site ? { site_id: site } : {}),
    // While searching, no sort: the server's "Best match" (relevance) order.
    ...(sort && (sort !== 'relevance' || values.search)
      ? { sort }
      : values.search
        ? {}
        : tab === 'history'
          ? { sort: '-dueOn' as const }
          : {}),
    page,
    limit: ASSIGNMENT_PAGE_SIZE,
  };
}

interface AssignmentsScreenProps {
  /**
   * What "Completed history" shows (the inspections feature's records with their results), supplied
   * by the app; without it, or with the Cancelled status chosen, the tab lists assignments.
   */
  completedHistory?: ReactNode;
  /**
   * Tabs other features add after the assignment tabs (corrective actions, schedules), composed by
   * the app: each shows its own content in place of the assignments list, and may replace the
   * header's "New assignment" button with its own actions.
   */
  extraTabs?: ExtraTab[];
  /** The saved views control of the assignment tabs, composed by the app (issue 21). */
  views?: ReactNode;
}

export interface ExtraTab {
  /** Its `?tab=` value. */
  value: string;
  label: string;
  content: ReactNode;
  /** The header's actions while the tab is open (none when not given). */
  actions?: ReactNode;
}

/** Screen /dashboard/inspection-management: who inspects what, by when; overdue work; the history. */
export function AssignmentsScreen({ completedHistory, extraTabs = [], views }: AssignmentsScreenProps = {}) {
  const { values, page, update, switchTab } = useUrlState();
  const tab: Tab = values.tab === 'overdue' || values.tab === 'history' ? values.tab : 'active';
  const extraTab = extraTabs.find((t) => t.value === values.tab);
  const params = paramsFor(values, page);
  const showRecords = tab === 'history' && values.status !== 'cancelled' && completedHistory !== undefined;
  const query = useAssignments(params, { enabled: !showRecords && !extraTab });
  const rows = query.data?.assigned_sites ?? [];
  const bulk = useAssignmentsBulk(params);
  const total = query.data?.pagination.total ?? 0;

  const [searchText, setSearchText] = useState(values.search);
  useEffect(() => setSearchText(values.search), [values.search]);
  const pushSearch = useDebouncedCallback((text: string) => update({ search: text.trim() }), 300);

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [cancelling, setCancelling] = useState<Assignment | null>(null);

  const filtered = Boolean(values.search || values.inspector || values.site || values.status);
  const statusData =
    tab === 'history'
      ? [
          { value: 'completed', label: 'Completed' },
          { value: 'cancelled', label: 'Cancelled' },
        ]
      : [
          { value: 'assigned', label: 'Assigned' },
          { value: 'in_progress', label: 'In progress' },
        ];

  const emptyText = filtered
    ? 'No assignment matches these filters.'
    : tab === 'overdue'
      ? 'Nothing is overdue. Every open assignment is within its due date.'
      : tab === 'history'
        ? values.status === 'cancelled'
          ? 'No assignment has been cancelled.'
          : 'Completed inspections will be listed here once inspectors submit them.'
        : 'No open assignments. Assign an inspector to a site to plan the next inspection.';

  return (
    <>
      <PageHeader
        title="Inspection Management"
        description="Assign inspections to inspectors, follow open and overdue work, and look back at completed visits."
        actions={
          extraTab ? (
            extraTab.actions
          ) : (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="assignment-new"
            >
              New assignment
            </Button>
          )
        }
      />
      {/* On a phone the tabs scroll sideways inside their strip; the page does not. */}
      <TabStrip active={extraTab?.value ?? tab}>
        <SegmentedControl
          aria-label="Which assignments"
          value={extraTab?.value ?? tab}
          onChange={(value) => {
            // Between the assignment tabs the search, site and inspector stay; other tabs start clean.
            if (extraTab || extraTabs.some((t) => t.value === value)) switchTab(value);
            else
              update({
                tab: value === 'active' ? '' : value,
                status: '',
                sort: '',
                result: '',
                category: '',
                from: '',
                to: '',
              });
          }}
          data={[...TABS, ...extraTabs.map(({ value, label }) => ({ value, label }))]}
          data-testid="assignment-tabs"
        />
      </TabStrip>
      {extraTab ? (
        extraTab.content
      ) : showRecords ? (
        completedHistory
      ) : (
        <>
          {/* On a phone the filters fold behind a "Filters" button; the search stays. */}
          <ListFilterBar
            gap="sm"
            search={
              <TextInput
                label="Search"
                placeholder="Site, inspector or template"
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={searchText}
                onChange={(event) => {
                  setSearchText(event.currentTarget.value);
                  pushSearch(event.currentTarget.value);
                }}
                style={{ flex: '2 1 240px' }}
                data-testid="assignment-search"
              />
            }
            activeFilters={countActive(values.inspector, values.site, values.status)}
          >
            <InspectorFilterSelect
              value={values.inspector}
              onChange={(inspector) => update({ inspector })}
              fallbackLabel={rows.find((r) => String(r.inspector.id) === values.inspector)?.inspector.name}
            />
            <SiteFilterSelect value={values.site} onChange={(site) => update({ site })} />
            {tab === 'overdue' ? null : (
              <Select
                label="Status"
                placeholder={tab === 'history' ? 'Completed' : 'All open'}
                clearable={tab !== 'history'}
                clearButtonProps={{ 'aria-label': 'Clear status' }}
                data={statusData}
                value={values.status || (tab === 'history' ? 'completed' : null)}
                onChange={(value) => update({ status: value === 'completed' ? '' : (value ?? '') })}
                allowDeselect={tab !== 'history'}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '0 1 190px' }}
              />
            )}
            <Select
              label="Sort by"
              // "Best match" is offered (and the default) while searching only.
              data={values.search ? SORTS : SORTS.filter((o) => o.value !== 'relevance')}
              value={params.sort ?? (values.search ? 'relevance' : 'dueOn')}
              onChange={(value) => update({ sort: value === 'relevance' ? '' : (value ?? '') })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '0 1 210px' }}
              data-testid="assignment-sort"
            />
            <ExportMenu
              label="assignments"
              onExport={(format, options) => exportAssignments(format, params, options)}
              disabled={query.isPending || total === 0}
              data-testid="assignment-export"
            />
            <ListViewControls views={views} list="assignments" table="assignments-table" />
          </ListFilterBar>

          {bulk.bar}
          {query.isPending ? (
            <ListSkeleton testId="assignments-loading" />
          ) : rows.length === 0 ? (
            <>
              <EmptyState icon={IconClipboardCheck} data-testid="assignments-empty">
                {emptyText}
              </EmptyState>
              {query.isError ? (
                <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
              ) : null}
            </>
          ) : (
            <Paper
              withBorder
              bg="white"
              style={{ overflow: 'hidden' }}
              opacity={query.isPlaceholderData ? 0.7 : 1}
            >
              <AssignmentsTable
                selection={bulk.selection}
                assignments={rows}
                today={todayIso()}
                onEdit={(a) => {
                  setEditing(a);
                  setFormOpen(true);
                }}
                onCancel={setCancelling}
              />
            </Paper>
          )}
          {rows.length ? (
            <ListFooter
              page={page}
              limit={ASSIGNMENT_PAGE_SIZE}
              total={total}
              totalIsCapped={query.data?.pagination.totalIsCapped}
              onPage={(next) => update({ page: next })}
              noun={['assignment', 'assignments']}
            />
          ) : null}
        </>
      )}

      <AssignmentFormDrawer opened={formOpen} onClose={() => setFormOpen(false)} assignment={editing} />
      <CancelAssignmentModal assignment={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
