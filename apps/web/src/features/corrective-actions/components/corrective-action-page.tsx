import type { CorrectiveActionDetail } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChecklist,
  IconClipboardX,
  IconPencil,
  IconRepeat,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Fact } from '@/components/ui/fact';
import { ResultBadge } from '@/components/ui/result-badge';
import { inspectionPaths, paths, sitePaths } from '@/config/paths';
import { describeDueOn, statusLabels } from '@/features/assignments';
import { isApiError } from '@/lib/api-client';
import { formatDay, todayIso } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { useCorrectiveAction } from '../api/get-corrective-action';
import { answerText, orderPartsLink } from '../lib/format';
import { ActionComments } from './action-comments';
import { ActionHistory } from './action-history';
import { ActionStatusControls } from './action-status-controls';
import { ActionPriorityBadge, ActionStatusBadge, OverdueBadge } from './badges';
import { EditActionDrawer } from './edit-action-drawer';
import { PhotoStrip } from './photo-strip';
import { ReinspectionModal } from './reinspection-modal';

/** What the address of an action that does not exist shows. */
export function CorrectiveActionNotFound() {
  return (
    <EmptyState icon={IconClipboardX} data-testid="action-not-found">
      This corrective action does not exist.
      <br />
      <Button size="xs" mt="sm" component={Link} to={inspectionPaths.actions}>
        Back to the corrective actions
      </Button>
    </EmptyState>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="action-loading">
      <Skeleton height={14} width={240} />
      <Skeleton height={32} width="50%" />
      <Skeleton height={140} />
      <Skeleton height={240} />
    </Stack>
  );
}

/** The failed answer this action follows up: item, answer, the inspector's remark and photos. */
function FailedAnswer({ action }: { action: CorrectiveActionDetail }) {
  const text = answerText(action.answer);
  if (!action.inspection && !action.itemLabel) return null;
  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="action-answer-heading">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="h4" id="action-answer-heading">
          {action.source === 'inspection' ? 'The failed item' : 'The answer'}
        </Title>
        {action.inspection ? (
          <Anchor component={Link} to={inspectionPaths.detail(action.inspection.id)} size="sm">
            Open inspection #{action.inspection.id}
          </Anchor>
        ) : null}
      </Group>
      <Stack gap="sm" data-testid="action-answer">
        <Box
          p="sm"
          bg="red.0"
          style={{
            borderLeft: '4px solid var(--mantine-color-red-7)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          <Text size="sm" fw={600}>
            {action.itemLabel ?? 'Item'}
          </Text>
          <Text size="sm" c="red.9">
            Answer: <strong>{text ?? (action.photos.length ? 'photos' : 'not answered')}</strong>
          </Text>
          {action.inspection ? (
            <Text size="xs" c="dark.6" mt={2}>
              {action.inspection.inspector.name}
              {action.inspection.completedAt ? ` · ${formatDateTime(action.inspection.completedAt)}` : ''} ·{' '}
              {action.inspection.templateName} v{action.inspection.templateVersion}
            </Text>
          ) : null}
        </Box>
        {action.remark ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Inspector's remark
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="action-remark">
              {action.remark}
            </Text>
          </div>
        ) : null}
        {action.photos.length ? (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              Photos
            </Text>
            <PhotoStrip
              urls={action.photos}
              title={action.itemLabel ?? action.title}
              testId="action-photos"
            />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The re-inspections asked for this action, with their assignment and outcome. */
function Reinspections({ action }: { action: CorrectiveActionDetail }) {
  if (action.reinspections.length === 0) return null;
  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="action-reinspections-heading">
      <Title order={2} fz="h4" mb="sm" id="action-reinspections-heading">
        Re-inspections
      </Title>
      <Stack gap="sm">
        {action.reinspections.map((r) => (
          <Paper key={r.assignmentId} bg="gray.0" p="sm" radius="md" data-testid="action-reinspection">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                Assignment #{r.assignmentId} · {r.inspector.name}
              </Text>
              {r.result ? (
                <ResultBadge result={r.result} />
              ) : (
                <Badge variant="dot" color={r.status === 'cancelled' ? 'gray' : 'blue'}>
                  {statusLabels[r.status]}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dark.6">
              {r.completedAt ? `Done ${formatDateTime(r.completedAt)}` : `Due ${formatDay(r.dueOn)}`}
            </Text>
            {r.inspectionId ? (
              <Anchor component={Link} to={inspectionPaths.detail(r.inspectionId)} size="sm">
                Open inspection #{r.inspectionId}
              </Anchor>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * One corrective action: what failed (answer, remark, photos), who owns it by when, its status with
 * the moves allowed now, the re-inspection that verifies it, parts to order, comments and history.
 */
export function CorrectiveActionPage({ actionId }: { actionId: number }) {
  const query = useCorrectiveAction(actionId);
  const [editing, setEditing] = useState(false);
  const [reinspecting, setReinspecting] = useState(false);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <CorrectiveActionNotFound />;
    return (
      <EmptyState icon={IconClipboardX} data-testid="action-load-failed">
        The corrective action could not be loaded.
        <br />
        <Button
          size="xs"
          mt="sm"
          variant="default"
          onClick={() => query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
      </EmptyState>
    );
  }

  const action = query.data.action;
  const today = todayIso();
  const open = action.status === 'open' || action.status === 'in_progress';
  const closed = action.status === 'verified' || action.status === 'cancelled';
  const parts =
    action.suggestedProducts.length > 0 && action.site.clientId !== null
      ? orderPartsLink(
          action.site.clientId,
          action.suggestedProducts.map((p) => p.id),
        )
      : null;

  return (
    <>
      <Stack gap="xs" mb="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={paths.inspectionManagement} size="sm">
            Inspection Management
          </Anchor>
          <Anchor component={Link} to={inspectionPaths.actions} size="sm">
            Corrective actions
          </Anchor>
          <Text size="sm" c="dimmed">
            #{action.id}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {action.title}
            </Title>
            <Group gap="xs">
              <ActionStatusBadge status={action.status} size="lg" />
              <ActionPriorityBadge priority={action.priority} />
              {action.overdue ? <OverdueBadge /> : null}
              <Text size="sm" c="dimmed">
                #{action.id} ·{' '}
                {action.source === 'inspection' ? 'from a failed inspection' : 'created by hand'}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {parts ? (
              <Button
                component={Link}
                to={parts}
                variant="default"
                leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
                data-testid="action-order-parts"
              >
                Order parts
              </Button>
            ) : null}
            {action.canRequestReinspection ? (
              <Button
                variant="default"
                leftSection={<IconRepeat size={18} aria-hidden="true" />}
                onClick={() => setReinspecting(true)}
                data-testid="action-request-reinspection"
              >
                Request re-inspection
              </Button>
            ) : null}
            {closed ? null : (
              <Button
                leftSection={<IconPencil size={18} aria-hidden="true" />}
                onClick={() => setEditing(true)}
                data-testid="action-edit"
              >
                Edit
              </Button>
            )}
          </Group>
        </Group>
      </Stack>

      {action.reinspectionNote && open ? (
        <Alert
          color="red"
          variant="light"
          mb="md"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title="The re-inspection failed again"
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          data-testid="action-reinspection-note"
        >
          <Text size="sm" c="dark.8">
            {action.reinspectionNote}
          </Text>
        </Alert>
      ) : null}
      {action.status === 'cancelled' && action.cancelReason ? (
        <Alert
          color="gray"
          variant="light"
          mb="md"
          title="Cancelled"
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          data-testid="action-cancel-note"
        >
          <Text size="sm" c="dark.8">
            {action.cancelReason}
          </Text>
        </Alert>
      ) : null}
      {action.status === 'verified' ? (
        <Alert
          color="green"
          variant="light"
          mb="md"
          title="Verified and closed"
          styles={{ title: { color: '#1d5c29' } }}
          data-testid="action-verified-note"
        >
          <Text size="sm" c="dark.8">
            {action.verifiedAt ? `Verified ${formatDateTime(action.verifiedAt)}` : 'Verified'}
            {action.reinspections.find((r) => r.result === 'pass') ? ' by a passing re-inspection.' : '.'}
          </Text>
        </Alert>
      ) : null}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Paper withBorder bg="white" p="md" component="section" aria-label="Status and details">
              <Stack gap="md">
                <ActionStatusControls action={action} />
                {action.status === 'resolved' && action.requiresEvidence ? (
                  <Text size="sm" c="dark.6">
                    A passing re-inspection verifies and closes this action.
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
                  <Fact label="Owner">
                    {action.owner ? `${action.owner.name} (${action.owner.role})` : 'Nobody yet'}
                  </Fact>
                  <Fact label="Due">
                    {formatDay(action.dueOn)}
                    {open ? (
                      <Text size="xs" c={action.overdue ? 'red.8' : 'dimmed'} fw={action.overdue ? 600 : 400}>
                        {describeDueOn(action.dueOn, today)}
                      </Text>
                    ) : null}
                  </Fact>
                  <Fact label="Verification">
                    {action.requiresEvidence ? 'A passing re-inspection' : 'An administrator'}
                  </Fact>
                  <Fact label="Site">
                    <Anchor component={Link} to={sitePaths.details(action.site.id)} inherit fw={600}>
                      {action.site.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {action.site.siteCode}
                    </Text>
                  </Fact>
                  <Fact label="Equipment">
                    {action.equipment ? (
                      <>
                        <Anchor
                          component={Link}
                          to={`${paths.equipmentManagement}?unit=${action.equipment.id}`}
                          inherit
                        >
                          {action.equipment.assetTag}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {action.equipment.name}
                        </Text>
                      </>
                    ) : (
                      'Whole site'
                    )}
                  </Fact>
                  <Fact label="Created">
                    {formatDateTime(action.createdAt)}
                    <Text size="xs" c="dimmed">
                      {action.createdBy ? `by ${action.createdBy.name}` : 'by the inspection submit'}
                    </Text>
                  </Fact>
                </SimpleGrid>
                {action.description ? (
                  <div>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                      Description
                    </Text>
                    <Text
                      size="sm"
                      style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      data-testid="action-description"
                    >
                      {action.description}
                    </Text>
                  </div>
                ) : null}
              </Stack>
            </Paper>
            <FailedAnswer action={action} />
            <ActionComments action={action} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Reinspections action={action} />
            {action.suggestedProducts.length ? (
              <Paper withBorder bg="white" p="md" component="section" aria-labelledby="action-parts-heading">
                <Group gap={6} mb="xs">
                  <IconChecklist size={18} aria-hidden="true" />
                  <Title order={2} fz="h4" id="action-parts-heading">
                    Parts for this equipment
                  </Title>
                </Group>
                <Stack gap={4}>
                  {action.suggestedProducts.map((p) => (
                    <Text size="sm" key={p.id}>
                      <Text span ff="monospace" size="xs">
                        {p.sku}
                      </Text>{' '}
                      {p.name}
                    </Text>
                  ))}
                </Stack>
              </Paper>
            ) : null}
            <ActionHistory history={action.history} />
          </Stack>
        </Grid.Col>
      </Grid>

      <EditActionDrawer action={action} opened={editing} onClose={() => setEditing(false)} />
      <ReinspectionModal action={action} opened={reinspecting} onClose={() => setReinspecting(false)} />
    </>
  );
}
