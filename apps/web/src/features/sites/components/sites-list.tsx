import type { SiteListItem, SiteSort, SiteStatus } from '@inspecta/contract';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconBuildingFactory2,
  IconFilterOff,
  IconMapPin,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import cardClasses from '@/components/list-screen/card-table.module.css';
import { ListViewControls } from '@/components/list-screen/columns-chooser';
import { countActive, FoldedFilters } from '@/components/list-screen/list-filters';
import { SelectAllHeader, SelectRowCell } from '@/components/list-screen/row-selection';
import { useCardLabels } from '@/components/list-screen/use-card-labels';
import type { RowSelection } from '@/components/list-screen/use-row-selection';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportMenu } from '@/components/ui/export-menu';
import { Pager } from '@/components/ui/pager';
import { sitePaths } from '@/config/paths';
import { useComposingSearchParams } from '@/hooks/use-composing-search-params';
import { plural } from '@/lib/plural';
import { formatCount } from '@/utils/format-count';
import { formatDateTime, formatRelativeTime } from '@/utils/format-relative-time';
import { exportSites } from '../api/export-sites';
import { useSiteCities } from '../api/get-site-cities';
import { useSites } from '../api/get-sites';
import {
  defaultSiteSort,
  hasFilters,
  readSiteListParams,
  SITES_PAGE_SIZE,
  type SiteListParams,
  toSiteListQuery,
  writeSiteListParams,
} from '../lib/list-params';
import { ClientSelect } from './client-select';
import { SiteStatusBadge } from './site-status-badge';
import classes from './sites.module.css';
import { useSitesBulk } from './use-sites-bulk';

const SORT_OPTIONS: Array<{ value: SiteSort; label: string }> = [
  { value: 'relevance', label: 'Best match' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-updatedAt', label: 'Recently updated' },
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: 'siteCode', label: 'SiteId no.' },
  { value: 'city', label: 'City, A to Z' },
  { value: 'status', label: 'Status' },
];

const STATUS_TABS: Array<{ value: SiteStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Drafts' },
  { value: 'inactive', label: 'Inactive' },
];

function SiteRow({ site, selection }: { site: SiteListItem; selection?: RowSelection | undefined }) {
  const navigate = useNavigate();
  const to = sitePaths.details(site.id);
  const open = () => navigate(to);
  return (
    <Table.Tr
      className={classes.row}
      onClick={(event) => {
        // Links inside the row keep their own behaviour (and new-tab clicks).
        if ((event.target as HTMLElement).closest('a')) return;
        open();
      }}
      data-testid="site-row"
      data-site-id={site.id}
    >
      {selection ? (
        <SelectRowCell selection={selection} id={site.id} name={`${site.siteCode} ${site.name}`} />
      ) : null}
      <Table.Td>
        <Text size="sm" ff="monospace" fw={600} c="dark.7">
          {site.siteCode}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={to} fw={600} size="sm" c="dark.9" className={classes.rowLink}>
          {site.name}
        </Anchor>
        {site.addressLine1 ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {site.addressLine1}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {site.client ? (
          <>
            <Text size="sm" lineClamp={1}>
              {site.client.company ?? site.client.name}
            </Text>
            {site.client.company ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {site.client.name}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not chosen yet
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{site.city ?? '—'}</Text>
        {site.state ? (
          <Text size="xs" c="dimmed">
            {site.state}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td visibleFrom="lg" ta="right">
        <Text size="sm">{site.equipmentCount}</Text>
      </Table.Td>
      <Table.Td>
        <SiteStatusBadge status={site.status} />
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Text size="xs" c="dimmed" title={formatDateTime(site.updatedAt)}>
          {formatRelativeTime(site.updatedAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function LoadingRows() {
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={i}>
          <Table.Td />
          <Table.Td>
            <Skeleton height={12} width={80} />
          </Table.Td>
          <Table.Td>
            <Skeleton height={12} width="70%" mb={6} />
            <Skeleton height={10} width="45%" />
          </Table.Td>
          <Table.Td>
            <Skeleton height={12} width="60%" />
          </Table.Td>
          <Table.Td>
            <Skeleton height={12} width={70} />
          </Table.Td>
          <Table.Td visibleFrom="lg">
            <Skeleton height={12} width={24} ml="auto" />
          </Table.Td>
          <Table.Td>
            <Skeleton height={18} width={56} />
          </Table.Td>
          <Table.Td visibleFrom="lg">
            <Skeleton height={10} width={60} />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** The search box: typing updates the URL after a pause, Enter at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const debounced = useDebouncedCallback((term: string) => onSearch(term.trim()), 350);
  return (
    <TextInput
      aria-label="Search sites"
      placeholder="Search by Id, SiteId no., name, client or city"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
      className={classes.search}
      type="search"
      data-testid="sites-search"
    />
  );
}

/**
 * The site register: search, status tabs with counts, client and city filters, sorting, paging;
 * `views` is the saved views control the app composes in (issue 21).
 */
export function SitesList({ views }: { views?: ReactNode } = {}) {
  const [searchParams, setSearchParams] = useComposingSearchParams();
  const params = readSiteListParams(searchParams);
  const query = useSites(toSiteListQuery(params));
  const bulk = useSitesBulk(toSiteListQuery(params));
  const tableRef = useRef<HTMLTableElement>(null);
  useCardLabels(tableRef);
  const cities = useSiteCities();

  // A debounced search landing just after a tab click builds on the click's change.
  const update = (change: Partial<SiteListParams>) =>
    setSearchParams((current) => writeSiteListParams(readSiteListParams(current), change));

  const sites = query.data?.sites ?? [];
  const counts = query.data?.counts;
  const total = query.data?.pagination.total ?? 0;
  const totalIsCapped = query.data?.pagination.totalIsCapped ?? false;
  const pages = Math.max(1, Math.ceil(total / SITES_PAGE_SIZE));
  const firstShown = total === 0 ? 0 : (params.page - 1) * SITES_PAGE_SIZE + 1;
  const lastShown = Math.min(total, params.page * SITES_PAGE_SIZE);
  const cityOptions = [...new Set([...(cities.data?.cities ?? []), ...(params.city ? [params.city] : [])])];

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingRows />;
  } else if (sites.length === 0) {
    body = null;
  } else {
    body = sites.map((site) => <SiteRow key={site.id} site={site} selection={bulk.selection} />);
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md" bg="white">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SearchBox value={params.search} onSearch={(search) => update({ search })} />
            {/* On a phone the client and city fold behind "Filters (n)"; the status tabs stay. */}
            <FoldedFilters activeFilters={countActive(params.clientId, params.city)}>
              <ClientSelect
                aria-label="Filter by client"
                placeholder="All clients"
                value={params.clientId ? String(params.clientId) : null}
                onChange={(value) => update({ clientId: value ? Number(value) : null })}
                selected={
                  params.clientId
                    ? (sites.find((s) => s.client?.id === params.clientId)?.client ?? null)
                    : null
                }
                className={classes.filter}
              />
              <Select
                aria-label="Filter by city"
                placeholder="All cities"
                data={cityOptions}
                value={params.city}
                onChange={(city) => update({ city })}
                searchable
                clearable
                leftSection={<IconMapPin size={16} aria-hidden="true" />}
                className={classes.filterSmall}
                nothingFoundMessage="No such city"
              />
            </FoldedFilters>
          </Group>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Filter by status"
              value={params.status ?? 'all'}
              onChange={(value) => update({ status: value === 'all' ? null : (value as SiteStatus) })}
              radius="xl"
              className={classes.statusFilter}
              data={STATUS_TABS.map((tab) => ({
                value: tab.value,
                label: (
                  <span data-testid={`status-tab-${tab.value}`}>
                    {tab.label}
                    {counts ? (
                      <Text component="span" size="xs" fw={700} ml={6} className={classes.count}>
                        {/* Past the count cap each figure is a lower bound: "10,000+", "512+". */}
                        {formatCount(counts[tab.value], counts.capped)}
                      </Text>
                    ) : null}
                  </span>
                ),
              }))}
            />
            <Select
              aria-label="Sort by"
              // "Best match" needs a search term.
              data={params.search ? SORT_OPTIONS : SORT_OPTIONS.filter((o) => o.value !== 'relevance')}
              value={params.sort ?? defaultSiteSort(params.search)}
              onChange={(sort) => sort && update({ sort: sort as SiteSort })}
              allowDeselect={false}
              w={200}
            />
            <Group gap="sm">
              <ListViewControls views={views} list="sites" table="sites-table" />
              <ExportMenu
                label="sites"
                onExport={(format, options) => exportSites(format, toSiteListQuery(params), options)}
                disabled={query.isPending || total === 0}
                data-testid="sites-export"
              />
            </Group>
          </Group>
        </Stack>
      </Paper>

      {bulk.bar}
      {!query.isPending && sites.length === 0 ? (
        hasFilters(params) && !query.isError ? (
          <EmptyState icon={IconFilterOff} data-testid="sites-empty">
            <Stack gap="sm" align="center">
              <span>
                No site matches {params.search ? <>“{params.search}”</> : 'these filters'}
                {params.search && (params.status || params.clientId || params.city)
                  ? ' with these filters'
                  : ''}
                .
              </span>
              <Button
                variant="default"
                size="xs"
                onClick={() => setSearchParams(() => new URLSearchParams())}
              >
                Clear search and filters
              </Button>
            </Stack>
          </EmptyState>
        ) : (
          <EmptyState icon={IconBuildingFactory2} data-testid="sites-empty">
            <Stack gap="sm" align="center">
              <span>
                {query.isError
                  ? 'No sites to show.'
                  : 'No sites yet. Add your first client site to start registering its equipment.'}
              </span>
              {query.isError ? (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRefresh size={14} aria-hidden="true" />}
                  onClick={() => query.refetch()}
                >
                  Try again
                </Button>
              ) : (
                <Button component={Link} to={sitePaths.create} size="xs">
                  Add site
                </Button>
              )}
            </Stack>
          </EmptyState>
        )
      ) : (
        <Paper withBorder bg="white" className={classes.tablePaper}>
          {/* On a phone the rows are cards (card-table.module.css). */}
          <Table.ScrollContainer
            minWidth={640}
            type="native"
            className={`${cardClasses.cards} ${cardClasses.selectable}`}
          >
            <Table
              ref={tableRef}
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Sites"
              aria-busy={query.isFetching}
              data-testid="sites-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <SelectAllHeader
                    selection={bulk.selection}
                    rows={sites.map((s) => ({ id: s.id, name: `${s.siteCode} ${s.name}` }))}
                  />
                  <Table.Th w={120}>SiteId no.</Table.Th>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th w={140}>City</Table.Th>
                  <Table.Th visibleFrom="lg" w={100} ta="right">
                    Equipment
                  </Table.Th>
                  <Table.Th w={120}>Status</Table.Th>
                  <Table.Th visibleFrom="lg" w={120}>
                    Updated
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {total > 0 ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="sites-range">
            Showing {firstShown}–{lastShown} of{' '}
            {totalIsCapped ? `${formatCount(total, true)} sites` : plural(total, 'site')}
          </Text>
          {pages > 1 ? (
            <Pager
              total={pages}
              value={Math.min(params.page, pages)}
              onChange={(page) => update({ page })}
              size="sm"
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
