import type { InspectionResult } from '@inspecta/contract';
import { Button, Group, Paper, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconClipboardCheck, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { DateField } from '@/components/ui/date-field';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportMenu } from '@/components/ui/export-menu';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { InspectorFilterSelect, SiteFilterSelect } from '@/features/assignments';
import { useActiveCategories } from '@/features/inspection-categories';
import { useUrlParams } from '@/hooks/use-url-params';
import { formatCount } from '@/utils/format-count';
import { positiveId } from '@/utils/positive-id';
import { exportInspections } from '../api/export-inspections';
import {
  type InspectionHistoryFilters,
  type InspectionHistoryParams,
  useInspections,
} from '../api/get-inspections';
import { InspectionHistoryTable } from './inspection-history-table';

export const INSPECTION_PAGE_SIZE = 20;

/** The URL keys of the history; `status` is shared with the assignments list it sits beside. */
const KEYS = ['search', 'site', 'inspector', 'category', 'result', 'from', 'to', 'sort', 'status'] as const;

type HistorySort = NonNullable<InspectionHistoryParams['sort']>;
const SORTS: { value: HistorySort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: '-completedAt', label: 'Newest first' },
  { value: 'completedAt', label: 'Oldest first' },
  { value: '-result', label: 'Failed first' },
  { value: 'site', label: 'Site name' },
  { value: 'inspector', label: 'Inspector name' },
];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Inspection Management's "Completed history": the inspection records with their results, filtered
 * by search, site, inspector, category, result and completion dates (all in the URL), sorted,
 * paged, and exported as Excel or CSV. Its Status filter switches to the cancelled assignments,
 * which the assignments list shows.
 */
export function InspectionHistory({ views }: { views?: ReactNode } = {}) {
  const { values, page, update } = useUrlParams(KEYS);

  const from = ISO_DAY.test(values.from) ? values.from : '';
  const to = ISO_DAY.test(values.to) ? values.to : '';
  const rangeError = from && to && from > to ? 'Must not be before the From date' : null;
  const filters: InspectionHistoryFilters = {
    ...(values.search ? { search: values.search } : {}),
    ...(positiveId(values.site) ? { site_id: positiveId(values.site) } : {}),
    ...(positiveId(values.inspector) ? { inspector_id: positiveId(values.inspector) } : {}),
    ...(positiveId(values.category) ? { category_id: positiveId(values.category) } : {}),
    ...(values.result === 'pass' || values.result === 'fail'
      ? { result: values.result as InspectionResult }
      : {}),
    ...(from ? { from } : {}),
    // A range the wrong way round would find nothing; the field says why instead.
    ...(to && !rangeError ? { to } : {}),
  };
  // While searching the server's default is "Best match" (sent as no sort); without a term it means
  // nothing and is not offered.
  const defaultSort: HistorySort = values.search ? 'relevance' : '-completedAt';
  const chosen = SORTS.find(
    (s) => s.value === values.sort && (s.value !== 'relevance' || values.search),
  )?.value;
  const sort = chosen ?? defaultSort;
  const query = useInspections({
    ...filters,
    ...(sort === 'relevance' ? {} : { sort }),
    page,
    limit: INSPECTION_PAGE_SIZE,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;
  const totalIsCapped = query.data?.pagination.totalIsCapped ?? false;

  // Pass and fail counts for the same filters, shown on the result switch.
  const { result: _result, ...withoutResult } = filters;
  const passCount = useInspections({ ...withoutResult, result: 'pass', page: 1, limit: 1 });
  const failCount = useInspections({ ...withoutResult, result: 'fail', page: 1, limit: 1 });
  const count = (q: typeof passCount) =>
    q.data ? formatCount(q.data.pagination.total, q.data.pagination.totalIsCapped) : '…';
  const bothCounted = passCount.data && failCount.data;
  const allCount = bothCounted
    ? formatCount(
        passCount.data.pagination.total + failCount.data.pagination.total,
        passCount.data.pagination.totalIsCapped || failCount.data.pagination.totalIsCapped,
      )
    : '…';

  const [searchText, setSearchText] = useState(values.search);
  useEffect(() => setSearchText(values.search), [values.search]);
  const pushSearch = useDebouncedCallback((text: string) => update({ search: text.trim() }), 300);

  const categories = useActiveCategories();
  const categoryData = (categories.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));

  // On phones the filters fold away under a button, so the list is not pushed below the fold.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showFilters = wide || filtersOpen;
  const filterCount = [values.site, values.inspector, values.category, from, to].filter(Boolean).length;

  const filtered = Boolean(
    values.search || values.site || values.inspector || values.category || values.result || from || to,
  );

  return (
    <>
      <Paper withBorder p="md" bg="white" mb="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Site, inspector or inspection no."
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                pushSearch(event.currentTarget.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') update({ search: searchText.trim() });
              }}
              style={{ flex: '2 1 240px' }}
              data-testid="inspection-search"
            />
            {wide ? null : (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
                onClick={() => setFiltersOpen((open) => !open)}
                aria-expanded={filtersOpen}
                aria-controls="inspection-filters"
                style={{ flex: '1 1 auto' }}
              >
                {filterCount ? `Filters (${filterCount})` : 'Filters'}
              </Button>
            )}
            {showFilters ? (
              <>
                <SiteFilterSelect value={values.site} onChange={(site) => update({ site })} />
                <InspectorFilterSelect
                  value={values.inspector}
                  onChange={(inspector) => update({ inspector })}
                  fallbackLabel={
                    rows.find((r) => String(r.inspector.id) === values.inspector)?.inspector.name
                  }
                />
              </>
            ) : null}
          </Group>
          {showFilters ? (
            <Group gap="sm" align="flex-end" wrap="wrap" id="inspection-filters">
              <Select
                label="Category"
                placeholder="All categories"
                clearable
                clearButtonProps={{ 'aria-label': 'Clear category' }}
                data={categoryData}
                value={values.category || null}
                onChange={(value) => update({ category: value ?? '' })}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 150px', maxWidth: 220 }}
              />
              <DateField
                label="Completed from"
                value={from}
                max={to || undefined}
                onChange={(value) => update({ from: value })}
                style={{ flex: '1 1 150px', maxWidth: 220 }}
                data-testid="inspection-from"
              />
              <DateField
                label="Completed to"
                value={to}
                min={from || undefined}
                error={rangeError}
                onChange={(value) => update({ to: value })}
                style={{ flex: '1 1 150px', maxWidth: 220 }}
                data-testid="inspection-to"
              />
              <Select
                label="Status"
                data={[
                  { value: 'completed', label: 'Completed' },
                  { value: 'cancelled', label: 'Cancelled' },
                ]}
                value="completed"
                allowDeselect={false}
                // Cancelled assignments have no results: the assignments list shows them, with its own sorts.
                onChange={(value) =>
                  value === 'cancelled'
                    ? update({ status: 'cancelled', sort: '', result: '', category: '', from: '', to: '' })
                    : undefined
                }
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 150px', maxWidth: 200 }}
              />
              <Select
                label="Sort by"
                data={values.search ? SORTS : SORTS.filter((s) => s.value !== 'relevance')}
                value={sort}
                onChange={(value) => update({ sort: value === defaultSort ? '' : (value ?? '') })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 150px', maxWidth: 220 }}
                data-testid="inspection-sort"
              />
            </Group>
          ) : null}
        </Stack>
      </Paper>

      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Result"
          value={values.result === 'pass' || values.result === 'fail' ? values.result : 'all'}
          onChange={(value) => update({ result: value === 'all' ? '' : value })}
          data={[
            { value: 'all', label: `All (${allCount})` },
            { value: 'pass', label: `Pass (${count(passCount)})` },
            { value: 'fail', label: `Fail (${count(failCount)})` },
          ]}
          data-testid="inspection-result-filter"
        />
        <ListViewControls views={views} list="inspection-history" table="inspections-table" />
        <ExportMenu
          label="inspections"
          onExport={(format, options) => exportInspections(format, filters, options)}
          disabled={total === 0}
          data-testid="inspection-export"
        />
      </Group>

      {query.isPending ? (
        <ListSkeleton testId="inspections-loading" />
      ) : rows.length === 0 ? (
        <>
          <EmptyState icon={IconClipboardCheck} data-testid="inspections-empty">
            {filtered
              ? 'No completed inspection matches these filters.'
              : 'Completed inspections will be listed here once inspectors submit them.'}
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
          <InspectionHistoryTable inspections={rows} />
        </Paper>
      )}
      {rows.length ? (
        <ListFooter
          page={page}
          limit={INSPECTION_PAGE_SIZE}
          total={total}
          totalIsCapped={totalIsCapped}
          onPage={(next) => update({ page: next })}
          noun={['inspection', 'inspections']}
        />
      ) : null}
    </>
  );
}
