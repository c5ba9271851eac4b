import {
  ASSIGNMENT_NOTES_MAX,
  type InspectionRequest,
  inspectionRequestStatusSchema,
} from '@inspecta/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconInbox, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFilterBar, ListSearchInput, SegmentedFilter } from '@/components/list-screen/list-filters';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/ui/list-footer';
import { RetryRow } from '@/components/ui/retry-row';
import { sitePaths } from '@/config/paths';
import { AssignmentFormDrawer } from '@/features/assignments';
import { useUrlParams } from '@/hooks/use-url-params';
import { formatDay } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { useInspectionRequests } from '../api/get-inspection-requests';
import { useScheduleInspectionRequest } from '../api/schedule-inspection-request';
import { requestUnitsText } from '../lib/format';
import { DeclineRequestModal } from './decline-request-modal';
import { RequestStatusBadge } from './request-status-badge';

export const REQUEST_PAGE_SIZE = 20;

const STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Waiting' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The URL keys of the list (`tab` belongs to Inspection Management). */
const KEYS = ['status', 'search'] as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function RequestCard({
  request,
  onSchedule,
  onDecline,
}: {
  request: InspectionRequest;
  onSchedule: (request: InspectionRequest) => void;
  onDecline: (request: InspectionRequest) => void;
}) {
  const open = request.status === 'open';
  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="article"
      aria-labelledby={`request-${request.id}-title`}
      data-testid="request-row"
      data-request-id={request.id}
      data-status={request.status}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" mb="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="md" id={`request-${request.id}-title`}>
            <Link to={sitePaths.details(request.site.id)} style={{ color: 'inherit' }}>
              {request.site.siteCode} · {request.site.name}
            </Link>
          </Title>
          <Text size="sm" c="dimmed">
            From {request.requestedBy.name} · {formatDateTime(request.createdAt)}
          </Text>
        </Stack>
        <RequestStatusBadge status={request.status} />
      </Group>
      <Group gap="xl" align="flex-start" wrap="wrap" mb="xs">
        <Field label="Units">{requestUnitsText(request)}</Field>
        <Field label="Category">{request.category?.name ?? 'Any'}</Field>
        <Field label="Preferred date">
          {request.preferredDate ? formatDay(request.preferredDate) : 'Any day'}
        </Field>
      </Group>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        data-testid="request-message"
      >
        {request.message}
      </Text>
      {request.declineReason ? (
        <Text size="sm" c="red.8" mt="xs">
          Declined: {request.declineReason}
        </Text>
      ) : null}
      {open ? (
        <Group gap="sm" mt="md">
          <Button
            size="sm"
            leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
            onClick={() => onSchedule(request)}
            aria-label={`Schedule the request for ${request.site.name}`}
            data-testid="request-schedule"
          >
            Schedule
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconX size={16} aria-hidden="true" />}
            onClick={() => onDecline(request)}
            aria-label={`Decline the request for ${request.site.name}`}
            data-testid="request-decline"
          >
            Decline
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * Inspection Management's Requests tab: what clients asked for in the portal, waiting ones first.
 * "Schedule" opens the assignment drawer filled from the request; "Decline" asks for a reason.
 */
export function InspectionRequestsList() {
  const { values, page, update } = useUrlParams(KEYS);
  const status = inspectionRequestStatusSchema.safeParse(values.status).data;
  const params = {
    ...(status ? { status } : {}),
    ...(values.search ? { search: values.search } : {}),
    page,
    limit: REQUEST_PAGE_SIZE,
  };
  const query = useInspectionRequests(params);
  const rows = query.data?.requests ?? [];
  const total = query.data?.pagination.total ?? 0;

  const [scheduling, setScheduling] = useState<InspectionRequest | null>(null);
  const [declining, setDeclining] = useState<InspectionRequest | null>(null);
  const schedule = useScheduleInspectionRequest();

  return (
    <>
      <ListFilterBar>
        <ListSearchInput
          label="Search"
          placeholder="Site or client"
          value={values.search}
          onSearch={(search) => update({ search })}
          flex="2 1 240px"
        />
        <SegmentedFilter
          id="request-status-filter"
          label="Status"
          value={status ?? 'all'}
          onChange={(next) => update({ status: next === 'all' ? '' : next })}
          data={STATUSES}
        />
      </ListFilterBar>

      {query.isPending ? (
        <ListSkeleton testId="requests-loading" />
      ) : rows.length === 0 ? (
        <>
          <EmptyState icon={IconInbox} data-testid="requests-empty">
            {values.search || status
              ? 'No request matches these filters.'
              : 'No requests yet. When a client asks for an inspection in the portal, it appears here.'}
          </EmptyState>
          {query.isError ? (
            <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
        </>
      ) : (
        <Stack gap="sm" data-testid="requests-list" opacity={query.isPlaceholderData ? 0.7 : 1}>
          {rows.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              onSchedule={setScheduling}
              onDecline={setDeclining}
            />
          ))}
        </Stack>
      )}
      {rows.length ? (
        <ListFooter
          page={page}
          limit={REQUEST_PAGE_SIZE}
          total={total}
          onPage={(next) => update({ page: next })}
          noun={['request', 'requests']}
        />
      ) : null}

      <AssignmentFormDrawer
        opened={scheduling !== null}
        onClose={() => setScheduling(null)}
        createTitle="Schedule the request"
        prefill={
          scheduling
            ? {
                siteId: scheduling.site.id,
                siteLabel: `${scheduling.site.siteCode} · ${scheduling.site.name}`,
                equipmentIds: scheduling.equipment.map((u) => u.id),
                categoryId: scheduling.category?.id ?? null,
                scheduledFor: scheduling.preferredDate,
                notes: `${scheduling.requestedBy.name} asked: ${scheduling.message}`.slice(
                  0,
                  ASSIGNMENT_NOTES_MAX,
                ),
              }
            : null
        }
        onCreate={async (body) => {
          if (!scheduling) throw new Error('No request is being scheduled');
          return schedule.mutateAsync({ id: scheduling.id, body });
        }}
      />
      <DeclineRequestModal request={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
