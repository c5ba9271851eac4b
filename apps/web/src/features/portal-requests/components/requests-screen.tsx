import { type InspectionRequest, inspectionRequestStatusSchema } from '@inspecta/contract';
import { Anchor, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarCheck, IconInbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { TabStrip } from '@/components/ui/tab-strip';
import { portalPaths } from '@/config/paths';
import { RequestStatusBadge, requestUnitsText } from '@/features/inspection-requests';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { positiveId } from '@/utils/positive-id';
import { useCancelPortalRequest } from '../api/cancel-request';
import { usePortalRequests } from '../api/get-requests';
import { RequestFormModal } from './request-form';

export const PORTAL_REQUEST_PAGE_SIZE = 20;

const STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Waiting' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled' },
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function RequestCard({
  request,
  onCancel,
}: {
  request: InspectionRequest;
  onCancel: (r: InspectionRequest) => void;
}) {
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="article"
      aria-labelledby={`portal-request-${request.id}`}
      data-testid="portal-request"
      data-request-id={request.id}
      data-status={request.status}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" id={`portal-request-${request.id}`} style={{ overflowWrap: 'anywhere' }}>
            {request.site.name}
          </Title>
          <Text size="xs" c="dimmed">
            {request.site.siteCode} · asked {formatDateTime(request.createdAt)}
          </Text>
        </Stack>
        <RequestStatusBadge status={request.status} />
      </Group>
      <Stack gap={4} mb="xs">
        <Detail label="Units">{requestUnitsText(request)}</Detail>
        <Detail label="Kind">{request.category?.name ?? 'Any'}</Detail>
        <Detail label="Preferred date">
          {request.preferredDate ? formatDay(request.preferredDate) : 'Any day'}
        </Detail>
      </Stack>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        data-testid="portal-request-message"
      >
        {request.message}
      </Text>
      {request.status === 'declined' && request.declineReason ? (
        <Paper bg="red.0" p="xs" mt="sm" radius="sm">
          <Text size="sm" c="red.9" data-testid="portal-request-decline-reason">
            <strong>Reason: </strong>
            {request.declineReason}
          </Text>
        </Paper>
      ) : null}
      {request.status === 'scheduled' ? (
        <Group gap={6} mt="sm" wrap="nowrap">
          <IconCalendarCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
          <Text size="sm">
            An inspection is scheduled.{' '}
            <Anchor
              underline="always"
              component={Link}
              to={portalPaths.site(request.site.id)}
              data-testid="portal-request-site-link"
            >
              See it on the site's page
            </Anchor>
          </Text>
        </Group>
      ) : null}
      {request.status === 'open' ? (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            size="sm"
            onClick={() => onCancel(request)}
            aria-label={`Cancel the request for ${request.site.name}`}
            data-testid="portal-request-cancel"
          >
            Cancel request
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function CancelRequestModal({
  request,
  onClose,
}: {
  request: InspectionRequest | null;
  onClose: () => void;
}) {
  const cancel = useCancelPortalRequest();
  const confirm = () => {
    if (!request) return;
    cancel.mutate(request.id, {
      onSuccess: (result) => {
        notifications.show({ color: 'green', message: result.message });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Could not cancel the request',
          message: isApiError(error) ? error.message : 'Please try again.',
        });
        onClose();
      },
    });
  };
  return (
    <Modal opened={request !== null} onClose={onClose} title="Cancel this request?" centered>
      {request ? (
        <Stack gap="md">
          <Text size="sm">
            Your request for an inspection of <strong>{request.site.name}</strong> will be withdrawn. You can
            send a new one at any time.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending} data-autofocus>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={cancel.isPending}
              data-testid="portal-request-cancel-confirm"
            >
              Cancel request
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** /portal/requests: the client's inspection requests, newest first, and "Request an inspection". */
export function PortalRequestsScreen() {
  const [params, setParams] = useSearchParams();
  const status = inspectionRequestStatusSchema.safeParse(params.get('status')).data;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const formOpen = params.get('new') === '1';
  const presetSite = positiveId(params.get('siteId') ?? '') ?? null;
  const query = usePortalRequests({ ...(status ? { status } : {}), page, limit: PORTAL_REQUEST_PAGE_SIZE });
  const rows = query.data?.requests ?? [];
  const total = query.data?.pagination.total ?? 0;
  const [cancelling, setCancelling] = useState<InspectionRequest | null>(null);

  const change = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title order={1}>Requests</Title>
          <Text size="sm" c="dimmed" mt={4}>
            Ask for an inspection of one of your sites and follow what becomes of it.
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => change({ new: '1' })}
          data-testid="request-new"
        >
          Request an inspection
        </Button>
      </Group>
      <TabStrip active={status ?? 'all'}>
        <SegmentedControl
          aria-label="Which requests"
          value={status ?? 'all'}
          onChange={(value) => change({ status: value === 'all' ? null : value, page: null })}
          data={STATUSES}
          data-testid="portal-request-status"
        />
      </TabStrip>
      {query.isPending ? (
        <ListSkeleton testId="portal-requests-loading" rows={3} rowHeight={80} />
      ) : rows.length === 0 ? (
        <>
          <EmptyState icon={IconInbox} data-testid="portal-requests-empty">
            {status
              ? 'No request with this status.'
              : 'You have not asked for an inspection yet. Use "Request an inspection" to ask for one.'}
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="sm" data-testid="portal-requests" opacity={query.isPlaceholderData ? 0.7 : 1}>
          {rows.map((request) => (
            <RequestCard key={request.id} request={request} onCancel={setCancelling} />
          ))}
        </Stack>
      )}
      {rows.length ? (
        <ListFooter
          page={page}
          limit={PORTAL_REQUEST_PAGE_SIZE}
          total={total}
          onPage={(next) => change({ page: next > 1 ? String(next) : null })}
          noun={['request', 'requests']}
        />
      ) : null}
      <RequestFormModal
        opened={formOpen}
        onClose={() => change({ new: null, siteId: null })}
        initialSiteId={presetSite}
      />
      <CancelRequestModal request={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
