import type { PortalSiteSummary } from '@inspecta/contract';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { portalPaths } from '@/config/paths';
import { formatDay } from '@/lib/dates';
import { plural, siteAttention } from '../lib/status';
import { CountBadges } from './count-badges';
import classes from './portal.module.css';

/** One site on the overview: its units by state, the next inspection and the open actions. */
export function SiteCard({ site }: { site: PortalSiteSummary }) {
  const attention = siteAttention(site.units);
  return (
    <Paper
      component={Link}
      to={portalPaths.site(site.id)}
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-attention={attention}
      data-testid="portal-site-card"
      data-site-id={site.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text component="h3" fw={700} fz="md" lh={1.3} m={0} style={{ overflowWrap: 'anywhere' }}>
              {site.name}
            </Text>
            <Text size="xs" c="dark.4">
              {site.siteCode}
              {site.city ? ` · ${site.city}` : ''} · {plural(site.units.total, 'unit')}
            </Text>
          </div>
          <IconChevronRight size={20} aria-hidden="true" color="var(--mantine-color-gray-6)" />
        </Group>
        <CountBadges units={site.units} />
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dark.4">
              Next inspection
            </Text>
            <Text size="sm" fw={600}>
              {site.nextInspectionOn ? formatDay(site.nextInspectionOn) : 'Not scheduled'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dark.4">
              Open actions
            </Text>
            <Text
              size="sm"
              fw={600}
              c={site.openActions ? 'red.8' : undefined}
              data-testid="site-open-actions"
            >
              {site.openActions.toLocaleString('en-IN')}
            </Text>
          </div>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
