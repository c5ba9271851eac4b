import type { PortalAttentionFilter, PortalOverviewResponse } from '@inspecta/contract';
import {
  Alert,
  Button,
  Chip,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingFactory2, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { resultColours } from '@/components/ui/result-badge';
import { usePortalOverview } from '../api/get-overview';
import { attentionFilters, isAttentionFilter, plural } from '../lib/status';
import classes from './portal.module.css';
import { SiteCard } from './site-card';

const PAGE_SIZE = 12;

/**
 * The pager shows only past 12 sites, below their cards: its code (Mantine's `Pagination`, about
 * 2.4 KB brotli) loads when a list has a second page, and its row keeps its height meanwhile
 * (docs/performance.md).
 */
const Pager = lazy(() => import('@/components/ui/pager').then((module) => ({ default: module.Pager })));

function Tile({ label, value, tone, hint }: { label: string; value: number; tone?: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className={classes.tile} data-testid="portal-total">
      <Text size="xs" c="dark.4" fw={600} tt="uppercase" lh={1.3}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} c={value > 0 ? tone : undefined}>
        {value.toLocaleString('en-IN')}
      </Text>
      {hint ? (
        <Text size="xs" c="dark.4">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Totals({ totals }: { totals: PortalOverviewResponse['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" component="section" aria-label="Totals">
      <Tile label="Sites" value={totals.sites} hint={plural(totals.units, 'unit')} />
      <Tile label="In date" value={totals.inDate} tone={resultColours.pass} hint="units" />
      <Tile label="Due soon" value={totals.dueSoon} tone={resultColours.attention} hint="units, 30 days" />
      <Tile label="Overdue" value={totals.overdue} tone="red.8" hint="units" />
      <Tile label="Failed" value={totals.failed} tone="red.9" hint="units, last inspection" />
      <Tile label="Open actions" value={totals.openActions} tone="red.8" hint="corrective actions" />
    </SimpleGrid>
  );
}

/**
 * The client's compliance at a glance: totals over all its sites, then one card per site (units in
 * date, due soon, overdue, failed; the next inspection; open actions), filtered, searched, paged.
 * The filter, search and page live in the address, so a link or the back button keeps them.
 */
export function OverviewScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('attention');
  const attention: PortalAttentionFilter = isAttentionFilter(requested) ? requested : 'all';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const query = usePortalOverview({ attention, search: search || undefined, page, limit: PAGE_SIZE });

  const update = (next: { attention?: string; search?: string; page?: number }) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || value === 'all' || (key === 'page' && value === 1))
        merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace: true });
  };
  const searchLater = useDebouncedCallback((value: string) => update({ search: value.trim(), page: 1 }), 300);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.total / data.pagination.limit)) : 1;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Overview
        </Title>
        <Text c="dark.4" size="sm">
          Your sites’ equipment: in date, due soon, overdue or failed at its last inspection.
        </Text>
      </div>

      {query.isPending ? (
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 6 }}
          spacing="sm"
          aria-busy="true"
          aria-label="Loading totals"
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={86} radius="md" />
          ))}
        </SimpleGrid>
      ) : data ? (
        <Totals totals={data.totals} />
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby="portal-sites-heading">
        <Title order={2} size="h3" id="portal-sites-heading">
          Sites
        </Title>
        <TextInput
          label="Search sites"
          placeholder="Name, site code or city"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchLater(event.currentTarget.value);
          }}
          data-testid="portal-search"
        />
        <Chip.Group
          multiple={false}
          value={attention}
          onChange={(value) => update({ attention: value, page: 1 })}
        >
          <Group gap={8} role="group" aria-label="Show sites">
            {attentionFilters.map((filter) => (
              <Chip key={filter.value} value={filter.value} size="sm" data-testid={`filter-${filter.value}`}>
                {filter.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>

        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="Could not load your sites"
          >
            <Text size="sm" mb="sm">
              {query.error.message}
            </Text>
            <Button size="sm" variant="light" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : query.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading sites">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={150} radius="md" />
            ))}
          </Stack>
        ) : data && data.sites.length === 0 ? (
          <EmptyState icon={IconBuildingFactory2} data-testid="portal-sites-empty">
            {search || attention !== 'all'
              ? 'No site matches. Clear the search or choose All.'
              : 'No sites yet. Your sites appear here once they are registered.'}
          </EmptyState>
        ) : data ? (
          <>
            <Text size="sm" c="dark.4" aria-live="polite">
              {plural(data.pagination.total, 'site')}
              {attention !== 'all' || search ? ' match' : ''}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="portal-sites">
              {data.sites.map((site) => (
                <SiteCard key={site.id} site={site} />
              ))}
            </SimpleGrid>
            {pages > 1 ? (
              <Group justify="center" mt="xs">
                <Suspense fallback={<div className={classes.pagerPlaceholder} />}>
                  <Pager
                    total={pages}
                    value={page}
                    onChange={(next) => update({ page: next })}
                    size="md"
                    siblings={0}
                  />
                </Suspense>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}
