import type { DashboardDataResponse } from '@inspecta/contract';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Progress, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatDay } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { formatShortDay } from '../lib/format';
import { ChartPanel } from './chart-panel';
import classes from './dashboard.module.css';

type Charts = DashboardDataResponse['charts'];

export const RESULT_COLORS = { pass: 'teal.6', fail: 'red.6' } as const;
const DUE_COLORS = { overdue: 'red.6', due_soon: 'yellow.5', ok: 'teal.6' } as const;

const counts = new Intl.NumberFormat('en-IN');

/** Completed inspections per week, pass and fail stacked; a bar opens that week's history. */
export function WeeklyInspectionsChart({
  weeks,
  loading,
}: {
  weeks: Charts['inspectionsPerWeek'] | undefined;
  loading: boolean;
}) {
  const navigate = useNavigate();
  const data = (weeks ?? []).map((w) => ({
    week: formatShortDay(w.weekStart),
    Passed: w.pass,
    Failed: w.fail,
  }));
  const passed = weeks?.reduce((sum, w) => sum + w.pass, 0) ?? 0;
  const failed = weeks?.reduce((sum, w) => sum + w.fail, 0) ?? 0;
  const first = weeks?.[0];
  const last = weeks?.[weeks.length - 1];
  return (
    <ChartPanel
      title="Inspections completed per week"
      subtitle={
        first && last
          ? `${formatDay(first.weekStart)} – ${formatDay(last.weekEnd)} · ${counts.format(passed)} passed, ${counts.format(failed)} failed`
          : 'The last 12 weeks'
      }
      testId="chart-weekly"
    >
      {loading ? (
        <SkeletonBlock height={240} />
      ) : (
        <Box
          className={classes.chartBox}
          aria-label="Bar chart of inspections completed per week, passed and failed"
        >
          <BarChart
            h={240}
            data={data}
            dataKey="week"
            type="stacked"
            series={[
              { name: 'Passed', color: RESULT_COLORS.pass },
              { name: 'Failed', color: RESULT_COLORS.fail },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'top', height: 36 }}
            tickLine="none"
            gridAxis="y"
            maxBarWidth={34}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
            yAxisProps={{ allowDecimals: false, width: 36 }}
            barProps={{
              onClick: (_entry: unknown, index: number) => {
                const week = weeks?.[index];
                if (week) navigate(week.link);
              },
            }}
          />
        </Box>
      )}
    </ChartPanel>
  );
}

/** Installed equipment by due status; each slice's legend entry opens the filtered equipment list. */
export function EquipmentDueChart({
  buckets,
  loading,
}: {
  buckets: Charts['equipmentByDue'] | undefined;
  loading: boolean;
}) {
  const total = buckets?.reduce((sum, b) => sum + b.count, 0) ?? 0;
  return (
    <ChartPanel
      title="Equipment by due status"
      subtitle="Units not retired, by their next inspection date"
      testId="chart-due"
    >
      {loading ? (
        <SkeletonBlock height={240} />
      ) : (
        <Stack gap="sm" align="stretch" justify="center" style={{ flex: 1 }}>
          <Group justify="center">
            <DonutChart
              size={150}
              thickness={22}
              withTooltip={false}
              chartLabel={total ? plural(total, 'unit') : 'No units'}
              data={
                total
                  ? (buckets ?? []).map((b) => ({ name: b.label, value: b.count, color: DUE_COLORS[b.due] }))
                  : [{ name: 'None', value: 1, color: 'gray.3' }]
              }
            />
          </Group>
          <Stack gap={0}>
            {(buckets ?? []).map((bucket) => (
              <Link
                key={bucket.due}
                to={bucket.link}
                className={classes.legendItem}
                data-testid={`due-${bucket.due}`}
              >
                <ColorSwatch
                  color={`var(--mantine-color-${DUE_COLORS[bucket.due].replace('.', '-')})`}
                  size={12}
                />
                <Text size="sm" className={classes.grow}>
                  {bucket.label}
                </Text>
                <Text size="sm" fw={600} ff="monospace" data-testid="due-count">
                  {counts.format(bucket.count)}
                </Text>
              </Link>
            ))}
          </Stack>
        </Stack>
      )}
    </ChartPanel>
  );
}

/** Sites with the most failed checklist items: a ranked bar list, each opening that site's history. */
export function TopFailingSitesChart({
  sites,
  since,
  loading,
}: {
  sites: Charts['topFailingSites'] | undefined;
  since: string | undefined;
  loading: boolean;
}) {
  const max = Math.max(1, ...(sites ?? []).map((s) => s.failedItems));
  return (
    <ChartPanel
      title="Top sites by failed items"
      subtitle={since ? `Inspections completed since ${formatDay(since)}` : 'The last 90 days'}
      testId="chart-failing-sites"
    >
      {loading ? (
        <Stack gap="md">
          {[0, 1, 2, 3].map((i) => (
            <SkeletonBlock key={i} height={30} />
          ))}
        </Stack>
      ) : sites && sites.length > 0 ? (
        <Stack gap={0}>
          {sites.map((entry) => (
            <Link key={entry.site.id} to={entry.link} className={classes.row} data-testid="failing-site">
              <Box className={classes.grow}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate>
                    {entry.site.name}
                  </Text>
                  <Text size="sm" fw={700} c="red.7" style={{ whiteSpace: 'nowrap' }}>
                    {plural(entry.failedItems, 'item')}
                  </Text>
                </Group>
                <Progress
                  value={(entry.failedItems / max) * 100}
                  color="red.6"
                  size="sm"
                  mt={6}
                  aria-hidden="true"
                />
                <Text size="xs" c="dimmed" mt={4} truncate>
                  {entry.site.siteCode}
                  {entry.site.city ? ` · ${entry.site.city}` : ''} ·{' '}
                  {plural(entry.failedInspections, 'failed inspection')}
                </Text>
              </Box>
            </Link>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          No failed items in the last 90 days.
        </Text>
      )}
    </ChartPanel>
  );
}
