import type { ScheduleCalendarDay, ScheduleCalendarResponse } from '@inspecta/contract';
import {
  Anchor,
  Badge,
  Box,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFilterBar } from '@/components/list-screen/list-filters';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryRow } from '@/components/ui/retry-row';
import { InspectorFilterSelect, SiteFilterSelect, statusLabels } from '@/features/assignments';
import { formatDay, todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { positiveId } from '@/utils/positive-id';
import { useScheduleCalendar } from '../api/get-schedule-calendar';
import classes from './schedule-calendar.module.css';

export const CALENDAR_DAYS = 90;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' });

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Monday-first weekday of a YYYY-MM-DD day: 0 = Monday … 6 = Sunday. */
function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function dayLabel(day: ScheduleCalendarDay): string {
  const parts = [formatDay(day.date)];
  const overdue = day.assigned.filter((a) => a.overdue).length;
  parts.push(`${day.assigned.length} assigned${overdue ? ` (${overdue} overdue)` : ''}`);
  parts.push(`${day.planned.length} planned`);
  return parts.join(', ');
}

function Workload({ data, onPick }: { data: ScheduleCalendarResponse; onPick: (id: number) => void }) {
  const max = Math.max(1, ...data.workload.map((w) => w.assigned + w.planned));
  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="workload-heading">
      <Title order={2} fz="h4" id="workload-heading" mb={4}>
        Workload per inspector
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Assignments due {formatDay(data.from)} – {formatDay(data.to)}: created (solid) and planned by
        schedules (striped).
      </Text>
      {data.workload.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has work due in these days.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="calendar-workload">
          {data.workload.map((w) => (
            <Box key={w.inspector.id} data-testid="workload-row">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={500}
                  onClick={() => onPick(w.inspector.id)}
                  truncate
                >
                  {w.inspector.name}
                </Anchor>
                <Text size="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
                  {w.assigned} assigned · {w.planned} planned · {plural(w.units, 'unit')}
                </Text>
              </Group>
              <div className={classes.bar} aria-hidden="true">
                <div className={classes.barAssigned} style={{ width: `${(w.assigned / max) * 100}%` }} />
                <div className={classes.barPlanned} style={{ width: `${(w.planned / max) * 100}%` }} />
              </div>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function DayDetail({ day }: { day: ScheduleCalendarDay }) {
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="section"
      aria-labelledby="calendar-day-heading"
      data-testid="calendar-day-detail"
    >
      <Title order={2} fz="h4" id="calendar-day-heading" mb="sm">
        Due {formatDay(day.date)}
      </Title>
      {day.assigned.length === 0 && day.planned.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is due this day.
        </Text>
      ) : (
        <Stack gap="xs">
          {day.assigned.map((a) => (
            <Group
              key={`a-${a.assignmentId}`}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              data-testid="calendar-assigned"
            >
              <Badge
                size="sm"
                color={a.overdue ? 'red.8' : 'blue.8'}
                variant="filled"
                style={{ flexShrink: 0 }}
              >
                {a.overdue ? 'Overdue' : statusLabels[a.status]}
              </Badge>
              <Text size="sm" style={{ minWidth: 0 }}>
                {a.site.siteCode} · {a.site.name}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {a.inspector.name} · {plural(a.unitCount, 'unit')}
                  {a.scheduleId ? ' · from a schedule' : ''}
                </Text>
              </Text>
            </Group>
          ))}
          {day.planned.map((p) => (
            <Group
              key={`p-${p.scheduleId}-${p.equipment.map((u) => u.id).join('-')}-${p.template.id}`}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              data-testid="calendar-planned"
            >
              <Badge size="sm" variant="outline" color="blue.8" style={{ flexShrink: 0 }}>
                Planned
              </Badge>
              <Text size="sm" style={{ minWidth: 0 }}>
                {p.site.siteCode} · {p.site.name}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {p.inspector?.name ?? 'no inspector available'} · {plural(p.equipment.length, 'unit')} ·
                  created {formatDay(p.createOn)}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

interface ScheduleCalendarProps {
  values: { site: string; inspector: string };
  update: (patch: Partial<Record<'site' | 'inspector', string | null>>) => void;
  /** A site's page: only its work, no site filter. */
  siteId?: number;
}

/**
 * The next 90 days, by due date: assignments already created and those schedules will create, per
 * day on a Monday-first grid, with the workload per inspector. A day opens its list.
 */
export function ScheduleCalendar({ values, update, siteId }: ScheduleCalendarProps) {
  const today = todayIso();
  const to = addDays(today, CALENDAR_DAYS - 1);
  const site = siteId ?? positiveId(values.site);
  const inspector = positiveId(values.inspector);
  const query = useScheduleCalendar({
    from: today,
    to,
    ...(site ? { site_id: site } : {}),
    ...(inspector ? { inspector_id: inspector } : {}),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const data = query.data;
  const days = data?.days ?? [];
  const selected =
    days.find((d) => d.date === picked) ?? days.find((d) => d.assigned.length + d.planned.length > 0);
  const lead = days[0] ? weekdayOf(days[0].date) : 0;
  const totals = days.reduce(
    (acc, d) => ({ assigned: acc.assigned + d.assigned.length, planned: acc.planned + d.planned.length }),
    { assigned: 0, planned: 0 },
  );

  return (
    <Stack gap="md" data-testid="schedule-calendar">
      <ListFilterBar gap="sm">
        {siteId ? null : <SiteFilterSelect value={values.site} onChange={(next) => update({ site: next })} />}
        <InspectorFilterSelect value={values.inspector} onChange={(next) => update({ inspector: next })} />
        <Text size="sm" c="dark.6" style={{ flex: '1 1 220px' }} data-testid="calendar-totals">
          {data
            ? `${totals.assigned} assigned and ${totals.planned} planned, due ${formatDay(data.from)} – ${formatDay(data.to)}`
            : 'Loading the next 90 days…'}
        </Text>
      </ListFilterBar>
      {query.isPending ? (
        <Skeleton height={420} />
      ) : !data ? (
        <>
          <EmptyState icon={IconCalendarOff}>The calendar could not be loaded.</EmptyState>
          <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper
              withBorder
              bg="white"
              p={{ base: 'xs', sm: 'md' }}
              component="section"
              aria-label="Next 90 days"
            >
              <Group gap="md" mb="xs" wrap="wrap">
                <Group gap={6}>
                  <span className={`${classes.count} ${classes.assigned}`}>n</span>
                  <Text size="xs">assigned</Text>
                </Group>
                <Group gap={6}>
                  <span className={`${classes.count} ${classes.planned}`}>n</span>
                  <Text size="xs">planned by a schedule</Text>
                </Group>
                <Group gap={6}>
                  <span className={`${classes.count} ${classes.overdue}`}>n</span>
                  <Text size="xs">overdue</Text>
                </Group>
              </Group>
              <div className={classes.grid}>
                {WEEKDAYS.map((w) => (
                  <div key={w} className={classes.weekday} aria-hidden="true">
                    {w}
                  </div>
                ))}
                {Array.from({ length: lead }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed blanks before the first day
                  <div key={`blank-${i}`} className={classes.blank} aria-hidden="true" />
                ))}
                {days.map((day, index) => {
                  const overdue = day.assigned.filter((a) => a.overdue).length;
                  const assigned = day.assigned.length - overdue;
                  const dayNumber = Number(day.date.slice(8));
                  const showMonth = index === 0 || dayNumber === 1;
                  const weekday = weekdayOf(day.date);
                  return (
                    <UnstyledButton
                      key={day.date}
                      className={classes.day}
                      aria-pressed={selected?.date === day.date}
                      aria-label={dayLabel(day)}
                      data-weekend={weekday >= 5 || undefined}
                      data-today={day.date === today || undefined}
                      data-date={day.date}
                      data-testid="calendar-day"
                      onClick={() => setPicked(day.date)}
                    >
                      <span className={classes.dayNumber}>
                        {dayNumber}
                        {showMonth ? ` ${monthFormat.format(Date.parse(`${day.date}T00:00:00Z`))}` : ''}
                      </span>
                      {overdue ? (
                        <span className={`${classes.count} ${classes.overdue}`}>{overdue}</span>
                      ) : null}
                      {assigned ? (
                        <span className={`${classes.count} ${classes.assigned}`}>{assigned}</span>
                      ) : null}
                      {day.planned.length ? (
                        <span className={`${classes.count} ${classes.planned}`}>{day.planned.length}</span>
                      ) : null}
                    </UnstyledButton>
                  );
                })}
              </div>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              {selected ? <DayDetail day={selected} /> : null}
              <Workload data={data} onPick={(id) => update({ inspector: String(id) })} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
