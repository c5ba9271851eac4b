import type { SiteDetails } from '@inspecta/contract';
import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, sitePaths } from '@/config/paths';
import { formatDateTime } from '@/utils/format-relative-time';
import { SiteStatusBadge } from '../site-status-badge';
import { useSiteActions } from '../use-site-actions';

/** Breadcrumbs, name, status and the actions the site's status allows. */
export function SiteHeader({
  site,
  onAssignInspector,
}: {
  site: SiteDetails;
  /** Opens the assignment drawer for this site (composed by the app); only an active site takes work. */
  onAssignInspector?: (() => void) | undefined;
}) {
  const actions = useSiteActions(site, site.equipmentSummary.total);
  const busy = actions.busy !== null;
  return (
    <Stack gap="xs" mb="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={paths.siteManagement} size="sm">
          Site Management
        </Anchor>
        <Text size="sm" c="dimmed">
          {site.siteCode}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={6}>
          <Title order={1}>{site.name}</Title>
          <Group gap="xs">
            <SiteStatusBadge status={site.status} size="md" />
            <Text size="sm" ff="monospace" fw={600} c="dark.7" data-testid="site-code">
              {site.siteCode}
            </Text>
            <Text size="sm" c="dimmed">
              · Added {formatDateTime(site.createdAt)}
              {site.createdBy ? ` by ${site.createdBy.name}` : ''}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {site.status === 'draft' ? (
            <>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={actions.discard}
                loading={actions.busy === 'discard'}
                disabled={busy}
              >
                Discard draft
              </Button>
              <Button
                component={Link}
                to={`${sitePaths.edit(site.id)}?step=1`}
                leftSection={<IconPencil size={16} aria-hidden="true" />}
              >
                Continue setup
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={actions.remove}
                loading={actions.busy === 'delete'}
                disabled={busy}
              >
                Delete
              </Button>
              {site.status === 'active' && onAssignInspector ? (
                <Button
                  variant="default"
                  leftSection={<IconUserPlus size={16} aria-hidden="true" />}
                  onClick={onAssignInspector}
                  disabled={busy}
                >
                  Assign inspector
                </Button>
              ) : null}
              {site.status === 'active' ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                  onClick={actions.deactivate}
                  loading={actions.busy === 'deactivate'}
                  disabled={busy}
                >
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                  onClick={actions.reactivate}
                  loading={actions.busy === 'reactivate'}
                  disabled={busy}
                >
                  Reactivate
                </Button>
              )}
              <Button
                component={Link}
                to={`${sitePaths.edit(site.id)}?step=1`}
                leftSection={<IconPencil size={16} aria-hidden="true" />}
              >
                Edit
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
