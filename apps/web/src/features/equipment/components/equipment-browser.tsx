import {
  type DueStatus,
  type Equipment,
  type EquipmentStatusFilter,
  equipmentStatusFilterLabels,
  equipmentStatusFilters,
} from '@inspecta/contract';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFileImport, IconPlus, IconPrinter, IconSearch, IconTool } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { countActive, ListFilterBar } from '@/components/list-screen/list-filters';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { EquipmentTypeSelect } from '@/features/equipment-types';
import { todayIso } from '@/lib/dates';
import { positiveId } from '@/utils/positive-id';
import { exportEquipment } from '../api/export-equipment';
import { type EquipmentFilters, useEquipments } from '../api/get-equipments';
import { EquipmentDetailsDrawer } from './equipment-details-drawer';
import { EquipmentFormModal } from './equipment-form-modal';
import { EquipmentTable } from './equipment-table';
import { ImportEquipmentModal } from './import-equipment-modal';
import { type LabelUnitChoice, PrintLabelsModal } from './print-labels-modal';
import { SiteSelect } from './site-select';
import { useEquipmentBulk } from './use-equipment-bulk';

export const EQUIPMENT_PAGE_SIZE = 20;

/** The list's state as text (from the URL, or a panel's own state). */
export interface EquipmentBrowserState {
  search: string;
  site: string;
  type: string;
  status: string;
  due: string;
  sort: string;
  unit: string;
}

export type EquipmentBrowserKey = keyof EquipmentBrowserState;

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'nextDueOn', label: 'Next due (soonest first)' },
  { value: '-nextDueOn', label: 'Next due (latest first)' },
  { value: 'assetTag', label: 'Asset tag' },
  { value: 'name', label: 'Name' },
  { value: '-createdAt', label: 'Recently added' },
];

const DUE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due in 30 days' },
  { value: 'ok', label: 'OK' },
];

const asDue = (v: string): DueStatus | undefined =>
  v === 'overdue' || v === 'due_soon' || v === 'ok' ? v : undefined;
const asStatus = (v: string): EquipmentStatusFilter | undefined =>
  (equipmentStatusFilters as readonly string[]).includes(v) ? (v as EquipmentStatusFilter) : undefined;

export function filtersOf(state: EquipmentBrowserState, fixedSiteId?: number): EquipmentFilters {
  const siteId = fixedSiteId ?? positiveId(state.site);
  const typeId = positiveId(state.type);
  const status = asStatus(state.status);
  const due = asDue(state.due);
  return {
    ...(state.search ? { search: state.search } : {}),
    ...(siteId ? { site_id: siteId } : {}),
    ...(typeId ? { equipment_type_id: typeId } : {}),
    ...(status ? { status } : {}),
    ...(due ? { due } : {}),
  };
}

interface EquipmentBrowserProps {
  state: EquipmentBrowserState;
  page: number;
  onChange: (patch: Partial<EquipmentBrowserState>, options?: { keepPage?: boolean }) => void;
  onPage: (page: number) => void;
  /** The site's own page: no site filter or column, and new equipment goes to this site. */
  siteId?: number;
  /** Rendered above the filters, with the action buttons passed in. */
  header: (actions: ReactNode) => ReactNode;
  /** What other features show about a unit in its details drawer (e.g. its corrective actions). */
  unitSection?: ((unit: Equipment) => ReactNode) | undefined;
  /** The unit's changes in its details drawer (the activity feature's panel). */
  activitySection?: ((unit: Equipment) => ReactNode) | undefined;
  /** The register's saved views control (issue 21); with it the columns can be chosen too. */
  views?: ReactNode;
  /** Rows can be selected for the bulk actions (Equipment Management; not a site's tab). */
  bulkActions?: boolean;
}

/** Filters, search, the table, paging, the details drawer, and the add / import / export actions. */
export function EquipmentBrowser({
  state,
  page,
  onChange,
  onPage,
  siteId,
  header,
  unitSection,
  activitySection,
  views,
  bulkActions = false,
}: EquipmentBrowserProps) {
  const [searchText, setSearchText] = useState(state.search);
  const pushSearch = useDebouncedCallback((text: string) => onChange({ search: text.trim() }), 300);
  useEffect(() => setSearchText(state.search), [state.search]);

  const filters = filtersOf(state, siteId);
  const defaultSort = state.search ? 'relevance' : 'nextDueOn';
  // A "Best match" kept after the term is cleared is the register's own order again.
  const shownSort = !state.sort || (state.sort === 'relevance' && !state.search) ? defaultSort : state.sort;
  const query = useEquipments({
    ...filters,
    ...(state.sort ? { sort: state.sort } : {}),
    page,
    limit: EQUIPMENT_PAGE_SIZE,
  });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Equipment | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // Labels print for one site: the site page's, or the register's site filter.
  const labelSiteId = siteId ?? positiveId(state.site);
  const [labels, setLabels] = useState<{ siteId: number; units?: LabelUnitChoice[] } | null>(null);

  const units = query.data?.equipments ?? [];
  const bulk = useEquipmentBulk(filters, units, (labelSite, chosen) =>
    setLabels({ siteId: labelSite, units: chosen }),
  );
  const total = query.data?.pagination.total ?? 0;
  const selectedId = positiveId(state.unit) ?? null;
  const filtered = Boolean(
    state.search || (!siteId && state.site) || state.type || state.status || state.due,
  );

  const openUnit = (unit: Equipment) => onChange({ unit: String(unit.id) }, { keepPage: true });
  const closeUnit = () => onChange({ unit: '' }, { keepPage: true });

  const actions = (
    <Group gap="sm">
      <ExportMenu
        label="equipment"
        onExport={(format, options) => exportEquipment(format, filters, options)}
        disabled={total === 0}
      />
      {labelSiteId ? (
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => setLabels({ siteId: labelSiteId })}
          disabled={total === 0}
          data-testid="print-labels"
        >
          Print labels
        </Button>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden="true" />}
        onClick={() => setImportOpen(true)}
      >
        Import
      </Button>
      <Button
        leftSection={<IconPlus size={18} aria-hidden="true" />}
        onClick={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      >
        Add equipment
      </Button>
    </Group>
  );

  return (
    <>
      {header(actions)}
      {/* On a phone the filters fold behind a "Filters" button; the search stays. */}
      <ListFilterBar
        gap="sm"
        search={
          <TextInput
            label="Search"
            placeholder={
              siteId
                ? 'Asset tag, serial number, name or type'
                : 'Asset tag, serial number, name, site or type'
            }
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            style={{ flex: '2 1 260px' }}
          />
        }
        activeFilters={countActive(
          !siteId && state.site,
          state.type,
          asStatus(state.status),
          asDue(state.due),
        )}
      >
        {siteId ? null : (
          <SiteSelect
            label="Site"
            placeholder="All sites"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear site' }}
            value={state.site || null}
            onChange={(value) => onChange({ site: value ?? '' })}
            style={{ flex: '1 1 220px' }}
          />
        )}
        <EquipmentTypeSelect
          label="Equipment type"
          placeholder="All types"
          includeArchived
          clearable
          clearButtonProps={{ 'aria-label': 'Clear equipment type' }}
          value={state.type || null}
          onChange={(value) => onChange({ type: value ?? '' })}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status' }}
          data={equipmentStatusFilters.map((s) => ({ value: s, label: equipmentStatusFilterLabels[s] }))}
          value={asStatus(state.status) ?? null}
          onChange={(value) => onChange({ status: value ?? '' })}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '0 1 210px' }}
        />
        {/* A line of its own on a desktop, as before. */}
        <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap" style={{ flex: '1 1 100%' }}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={siteId ? 'site-due-label' : 'due-label'}>
              Next inspection
            </Text>
            <SegmentedControl
              aria-labelledby={siteId ? 'site-due-label' : 'due-label'}
              value={asDue(state.due) ?? 'all'}
              onChange={(value) => onChange({ due: value === 'all' ? '' : value })}
              data={DUE_OPTIONS}
              data-testid="due-filter"
            />
          </Stack>
          <Select
            label="Sort by"
            // While searching the server's default is "Best match" (sent as no sort), so "Next due" is
            // then sent explicitly; without a term "Best match" means nothing and is not offered.
            data={state.search ? SORTS : SORTS.filter((o) => o.value !== 'relevance')}
            value={shownSort}
            onChange={(value) => onChange({ sort: value === defaultSort || !value ? '' : value })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '0 1 220px' }}
          />
          {views ? <ListViewControls views={views} list="equipment" table="equipment-table" /> : null}
        </Group>
      </ListFilterBar>

      {bulkActions ? bulk.bar : null}
      {query.isPending ? (
        <ListSkeleton testId="equipment-loading" />
      ) : units.length === 0 ? (
        <>
          <EmptyState icon={IconTool}>
            {filtered
              ? 'No equipment matches these filters.'
              : siteId
                ? 'No equipment at this site yet. Add units one by one or import a sheet.'
                : 'No equipment yet. Add the units installed at your sites, or import them from a sheet.'}
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
          <EquipmentTable
            units={units}
            today={todayIso()}
            onOpen={openUnit}
            hideSite={siteId !== undefined}
            selection={bulkActions ? bulk.selection : undefined}
          />
        </Paper>
      )}
      {units.length > 0 ? (
        <ListFooter
          page={page}
          limit={EQUIPMENT_PAGE_SIZE}
          total={total}
          totalIsCapped={query.data?.pagination.totalIsCapped}
          onPage={onPage}
          noun={['unit', 'units']}
        />
      ) : null}

      <EquipmentDetailsDrawer
        unitId={selectedId}
        unitSection={unitSection}
        activitySection={activitySection}
        onClose={closeUnit}
        onEdit={(unit) => {
          setEditing(unit);
          setFormOpen(true);
        }}
        onPrintLabel={(unit) =>
          setLabels({
            siteId: unit.site.id,
            units: [{ id: unit.id, label: `${unit.assetTag} · ${unit.name}` }],
          })
        }
      />
      {labels ? (
        <PrintLabelsModal
          opened
          onClose={() => setLabels(null)}
          siteId={labels.siteId}
          {...(labels.units ? { initialUnits: labels.units } : {})}
        />
      ) : null}
      <EquipmentFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        unit={editing}
        {...(siteId !== undefined ? { siteId } : {})}
      />
      <ImportEquipmentModal
        opened={importOpen}
        onClose={() => setImportOpen(false)}
        {...(siteId !== undefined ? { siteId } : {})}
      />
    </>
  );
}
