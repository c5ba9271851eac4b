import type { PortalUnitCounts } from '@inspecta/contract';
import { Badge, Group, Text } from '@mantine/core';
import { type CountKey, countTones } from '../lib/status';

const order: CountKey[] = ['failed', 'overdue', 'dueSoon', 'inDate'];

/** The units of a site by state, as coloured badges: "2 failed", "1 overdue", "3 due soon", "12 in date". */
export function CountBadges({ units }: { units: PortalUnitCounts }) {
  if (units.total === 0)
    return (
      <Text size="sm" c="dimmed">
        No equipment registered
      </Text>
    );
  return (
    <Group gap={6} data-testid="site-counts">
      {order
        .filter((key) => units[key] > 0 || key === 'inDate')
        .map((key) => (
          <Badge
            key={key}
            color={countTones[key].color}
            variant="filled"
            radius="sm"
            tt="none"
            size="md"
            data-testid={`count-${key}`}
            data-count={units[key]}
          >
            {units[key].toLocaleString('en-IN')} {countTones[key].label}
          </Badge>
        ))}
    </Group>
  );
}
