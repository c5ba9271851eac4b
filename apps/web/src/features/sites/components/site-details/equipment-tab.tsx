import type { EquipmentSummary } from '@inspecta/contract';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/dates';
import classes from '../sites.module.css';

function Stat({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color ?? 'dark.9'}>
        {value}
      </Text>
    </div>
  );
}

/** The Equipment tab: the units by status and due state, and the equipment panel the app supplies. */
export function EquipmentTab({
  summary,
  siteId,
  panel,
}: {
  summary: EquipmentSummary;
  siteId: number;
  /** The site's equipment list with its actions, supplied by the app (the equipment feature). */
  panel?: ReactNode;
}) {
  const manage = (
    <Anchor component={Link} to={`${paths.equipmentManagement}?site_id=${siteId}`} size="sm">
      Open Equipment Management
    </Anchor>
  );
  if (summary.total === 0 && panel) return panel;
  if (summary.total === 0) {
    return (
      <EmptyState icon={IconTool} data-testid="site-equipment-empty">
        No equipment is registered at this site yet. Units added in Equipment Management appear here with
        their service status and when they are due. <br />
        {manage}
      </EmptyState>
    );
  }
  const due = summary.byDueState;
  return (
    <Stack gap="md" data-testid="site-equipment-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Units" value={summary.total} />
        <Stat label="In service" value={summary.byStatus.in_service} color="green.9" />
        <Stat
          label="Out of service"
          value={summary.byStatus.out_of_service}
          color={summary.byStatus.out_of_service ? 'orange.9' : undefined}
        />
        <Stat label="Retired" value={summary.byStatus.retired} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Overdue" value={due.overdue} color={due.overdue ? 'red.8' : undefined} />
        <Stat label="Due in 30 days" value={due.dueSoon} color={due.dueSoon ? 'orange.9' : undefined} />
        <Stat label="Up to date" value={due.upToDate} color={due.upToDate ? 'green.9' : undefined} />
        <Stat label="Not scheduled" value={due.notScheduled} />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {summary.nextDueOn
            ? `The earliest due date is ${formatDay(summary.nextDueOn)}. Retired units are not counted as due.`
            : 'No unit has a due date yet.'}
        </Text>
        {manage}
      </Group>
      {panel}
    </Stack>
  );
}
