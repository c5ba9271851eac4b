import type { DashboardDataResponse } from '@inspecta/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { lazy, memo, type ReactNode, Suspense, useDeferredValue } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatDay } from '@/lib/dates';
import { useDashboardData } from '../api/get-dashboard-data';
import classes from './dashboard.module.css';
import { FigureCards } from './figure-cards';
import { useStaggeredReveal } from './use-staggered-reveal';
import { WhenVisible } from './when-visible';
import { LatestInspectionsList, MostOverdueList, NextDueList, RecentActivityList } from './work-lists';

// The charts (recharts, about 80 KB brotli) load after the figures and lists, once scrolled near.
const charts = () => import('./dashboard-charts');
const WeeklyInspectionsChart = lazy(() => charts().then((m) => ({ default: m.WeeklyInspectionsChart })));
const EquipmentDueChart = lazy(() => charts().then((m) => ({ default: m.EquipmentDueChart })));
const TopFailingSitesChart = lazy(() => charts().then((m) => ({ default: m.TopFailingSitesChart })));

const CHART_HEIGHT = 320;

/** A chart's place: drawn once scrolled near, with a skeleton while its code loads. */
function ChartSlot({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <WhenVisible height={CHART_HEIGHT} testId={testId}>
      <Suspense fallback={<SkeletonBlock height={CHART_HEIGHT} radius="md" />}>{children}</Suspense>
    </WhenVisible>
  );
}

/**
 * A list below the figures, given its rows `order` painted frames after the data arrives. `held` is
 * true only while the data is in but not yet its turn: without data (loading, or a failed fetch) the
 * list shows its own loading or empty state as before.
 */
function Staggered({
  order,
  arrived,
  children,
}: {
  order: number;
  arrived: boolean;
  children: (held: boolean) => ReactNode;
}) {
  const shown = useStaggeredReveal(order, arrived);
  return children(arrived && !shown);
}

/** What the home hands to the shop's section: its figures of the home data, and today. */
interface HomeShopFigures {
  shop: DashboardDataResponse['shop'] | undefined;
  /** Today in the organisation's time zone (YYYY-MM-DD), once the data is in. */
  today: string | undefined;
}

interface DashboardHomeProps {
  /** The shop's section (stock, orders, bills), composed in by the route. */
  shopSection?: (figures: HomeShopFigures) => ReactNode;
  /** What else Refresh reloads besides the home data (the shop section's own figures). */
  onRefresh?: () => unknown;
}

/**
 * Screen /dashboard: the business at a glance from one request. A failed fetch shows the page
 * empty (SPEC.md 4: on failure an empty list is set) with a way to load it again. The shop's section
 * (stock value, what is low, orders and bills) is composed in by the route.
 */
export function DashboardHome({ shopSection, onRefresh }: DashboardHomeProps) {
  const query = useDashboardData();
  // TanStack Query hands the answer to React as a synchronous update: the figures and every list
  // rendered again in one task (0.1 s on a phone: Lighthouse, 4x CPU). Deferred, that update only
  // redraws this header; the panels (memoized, so they are skipped then) render with the answer as a
  // transition, in slices the browser can paint and take input between (docs/performance.md).
  const data = useDeferredValue(query.data);
  const loading = data === undefined && !query.isError;
  const failed = query.isError && !data;

  return (
    <Stack gap="md" data-testid="dashboard-home">
      <PageHeader
        title="Home"
        description={
          data
            ? `Your sites, equipment and inspection work as of ${formatDay(data.today)}.`
            : 'Your sites, equipment and inspection work at a glance.'
        }
        actions={
          <Button
            variant="default"
            size="sm"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => {
              void query.refetch();
              onRefresh?.();
            }}
            loading={query.isFetching && !loading}
            data-testid="dashboard-refresh"
          >
            Refresh
          </Button>
        }
      />

      {failed ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          title="The figures could not be loaded"
          data-testid="dashboard-error"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button
              size="xs"
              color="red"
              variant="white"
              onClick={() => query.refetch()}
              loading={query.isFetching}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}

      <DashboardPanels data={data} loading={loading} shopSection={shopSection} />
    </Stack>
  );
}

/** The figures, charts and lists of the home data (undefined while it loads or when it failed). */
const DashboardPanels = memo(function DashboardPanels({
  data,
  loading,
  shopSection,
}: {
  data: DashboardDataResponse | undefined;
  loading: boolean;
  shopSection: DashboardHomeProps['shopSection'];
}) {
  const today = data?.today ?? new Date().toISOString().slice(0, 10);
  const arrived = data !== undefined;
  return (
    <>
      <FigureCards figures={data?.figures} loading={loading} actions={data?.actions} />

      <div className={classes.panels}>
        <div className={classes.panelLg8}>
          <ChartSlot testId="chart-weekly">
            <WeeklyInspectionsChart weeks={data?.charts.inspectionsPerWeek} loading={loading} />
          </ChartSlot>
        </div>
        <div className={`${classes.panelHalfSm} ${classes.panelLg4}`}>
          <ChartSlot testId="chart-due">
            <EquipmentDueChart buckets={data?.charts.equipmentByDue} loading={loading} />
          </ChartSlot>
        </div>
        <div className={`${classes.panelHalfSm} ${classes.panelLg5}`}>
          <ChartSlot testId="chart-failing-sites">
            <TopFailingSitesChart
              sites={data?.charts.topFailingSites}
              since={data?.charts.failingSitesSince}
              loading={loading}
            />
          </ChartSlot>
        </div>
        <div className={classes.panelLg7}>
          <Staggered order={1} arrived={arrived}>
            {(held) => (
              <MostOverdueList rows={data?.lists.mostOverdue} today={today} loading={loading || held} />
            )}
          </Staggered>
        </div>
        <div className={classes.panelHalfMd}>
          <Staggered order={2} arrived={arrived}>
            {(held) => <NextDueList rows={data?.lists.nextDue} today={today} loading={loading || held} />}
          </Staggered>
        </div>
        <div className={classes.panelHalfMd}>
          <Staggered order={3} arrived={arrived}>
            {(held) => (
              <LatestInspectionsList rows={data?.lists.latestInspections} loading={loading || held} />
            )}
          </Staggered>
        </div>
        {shopSection ? (
          <div>
            <Staggered order={4} arrived={arrived}>
              {(held) =>
                shopSection({ shop: held ? undefined : data?.shop, today: held ? undefined : data?.today })
              }
            </Staggered>
          </div>
        ) : null}
        <div>
          <Staggered order={5} arrived={arrived}>
            {(held) => <RecentActivityList rows={data?.lists.recentActivity} loading={loading || held} />}
          </Staggered>
        </div>
      </div>
    </>
  );
});
