import type { PortalAction } from '@inspecta/contract';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryRow } from '@/components/ui/retry-row';
import { portalPaths } from '@/config/paths';
import { ActionStatusBadge, OverdueBadge } from '@/features/corrective-actions';
import { formatDay } from '@/lib/dates';
import { usePortalActions } from '../api/get-actions';

/** The open actions a site's card lists at most (the rest: "and N more"). */
const SITE_ACTIONS_LIMIT = 50;

/** One corrective action as a card: its title links to its page. */
export function PortalActionCard({ action, showSite = false }: { action: PortalAction; showSite?: boolean }) {
  return (
    <Paper withBorder bg="white" p="sm" data-testid="portal-action" data-action-id={action.id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Anchor
          component={Link}
          to={portalPaths.action(action.id)}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {action.title}
        </Anchor>
        <ActionStatusBadge status={action.status} size="sm" />
      </Group>
      <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
        {action.overdue ? <OverdueBadge /> : null}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c={action.overdue ? 'red.8' : 'dimmed'} fw={action.overdue ? 600 : undefined}>
            Due {formatDay(action.dueOn)}
          </Text>
          {[
            action.equipment ? `${action.equipment.assetTag} · ${action.equipment.name}` : 'Site-wide',
            showSite ? action.site.name : null,
          ]
            .filter(Boolean)
            .map((part) => ` · ${part}`)
            .join('')}
          {action.ownedByYou ? (
            <Text span size="xs" c="brand.8" fw={600}>
              {' · Yours to fix'}
            </Text>
          ) : null}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * "Open corrective actions" of one site, for the portal's site page: what the inspections found
 * that still needs fixing, overdue first.
 */
export function PortalSiteActions({ siteId }: { siteId: number }) {
  const query = usePortalActions({ siteId, view: 'open', page: 1, limit: SITE_ACTIONS_LIMIT });
  const actions = query.data?.actions ?? [];
  const total = query.data?.pagination.total ?? 0;
  return (
    <section aria-labelledby="portal-site-actions" data-testid="portal-site-actions">
      <Title order={2} fz="h4" id="portal-site-actions" mb="sm">
        Open corrective actions{query.data ? ` (${total})` : ''}
      </Title>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : actions.length === 0 ? (
        <>
          <EmptyState icon={IconChecklist} data-testid="portal-site-actions-empty">
            Nothing to fix at this site: no corrective action is open.
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="xs">
          {actions.map((action) => (
            <PortalActionCard key={action.id} action={action} />
          ))}
          {total > actions.length ? (
            <Text size="sm" c="dimmed">
              and {total - actions.length} more
            </Text>
          ) : null}
        </Stack>
      )}
    </section>
  );
}
