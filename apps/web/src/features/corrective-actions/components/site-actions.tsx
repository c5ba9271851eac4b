import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { inspectionPaths } from '@/config/paths';
import { useCorrectiveActionCounts } from '../api/get-corrective-action-counts';
import { CorrectiveActionsList } from './corrective-actions-list';

type Key = 'view' | 'search' | 'site' | 'equipment' | 'owner' | 'priority' | 'status' | 'sort';
const EMPTY: Record<Key, string> = {
  view: '',
  search: '',
  site: '',
  equipment: '',
  owner: '',
  priority: '',
  status: '',
  sort: '',
};

/** The site page's tab label: "Corrective actions" with the open count (red when some are overdue). */
export function SiteActionsTabLabel({ siteId }: { siteId: number }) {
  const counts = useCorrectiveActionCounts({ site_id: siteId });
  return (
    <Group gap={6} wrap="nowrap" component="span">
      Corrective actions
      {counts.data ? (
        <Badge
          size="sm"
          variant={counts.data.overdue ? 'filled' : 'light'}
          color={counts.data.overdue ? 'red' : 'dark'}
          data-testid="site-actions-count"
          aria-label={`${counts.data.open} open${counts.data.overdue ? `, ${counts.data.overdue} overdue` : ''}`}
        >
          {counts.data.open}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The site page's Corrective actions tab: its actions with the list's filters in the tab's own state. */
export function SiteActionsPanel({ siteId }: { siteId: number }) {
  const [values, setValues] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const counts = useCorrectiveActionCounts({ site_id: siteId });
  return (
    <Stack gap="sm" data-testid="site-actions-panel">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Title order={2} fz="h3">
            Corrective actions
          </Title>
          <Text size="sm" c="dimmed">
            {counts.data
              ? `${counts.data.open} open, ${counts.data.overdue} overdue. Failed items of this site's inspections, followed up.`
              : "Failed items of this site's inspections, followed up."}
          </Text>
        </div>
        <Anchor component={Link} to={`${inspectionPaths.actions}&site=${siteId}`} size="sm">
          Open in Inspection Management
        </Anchor>
      </Group>
      <CorrectiveActionsList
        siteId={siteId}
        state={{
          values,
          page,
          update: (patch) => {
            const { page: nextPage, ...rest } = patch;
            if (Object.keys(rest).length)
              setValues((v) => {
                const next = { ...v };
                for (const [k, val] of Object.entries(rest)) next[k as Key] = val === null ? '' : String(val);
                return next;
              });
            setPage(typeof nextPage === 'number' ? nextPage : 1);
          },
        }}
      />
    </Stack>
  );
}

/** In a unit's details drawer: its open and overdue actions, with a link to the list of them. */
export function EquipmentActionsSection({ equipmentId, siteId }: { equipmentId: number; siteId?: number }) {
  const counts = useCorrectiveActionCounts({ equipment_id: equipmentId });
  return (
    <div data-testid="equipment-actions">
      <Group gap={6} mb="xs">
        <IconChecklist size={18} aria-hidden="true" />
        <Title order={3} size="h4">
          Corrective actions
        </Title>
      </Group>
      {counts.isPending ? (
        <Text size="sm" c="dimmed">
          Counting…
        </Text>
      ) : counts.data ? (
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            <Text span fw={700} data-testid="equipment-actions-open">
              {counts.data.open}
            </Text>{' '}
            open
          </Text>
          <Text size="sm" c={counts.data.overdue ? 'red.8' : undefined} fw={counts.data.overdue ? 600 : 400}>
            <Text span fw={700} inherit>
              {counts.data.overdue}
            </Text>{' '}
            overdue
          </Text>
          {siteId ? (
            <Anchor
              component={Link}
              to={`${inspectionPaths.actions}&view=all&site=${siteId}&equipment=${equipmentId}`}
              size="sm"
            >
              See its actions
            </Anchor>
          ) : null}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          The counts could not be loaded.
        </Text>
      )}
    </div>
  );
}
