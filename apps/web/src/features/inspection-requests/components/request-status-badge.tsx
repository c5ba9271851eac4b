import type { InspectionRequestStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';
import { requestStatusColours, requestStatusLabels } from '../lib/format';

/** An inspection request's state: waiting (open), scheduled, declined or cancelled. */
export function RequestStatusBadge({ status }: { status: InspectionRequestStatus }) {
  return (
    <Badge
      variant="light"
      color={requestStatusColours[status]}
      c={`${requestStatusColours[status]}.9`}
      style={{ flexShrink: 0 }}
      data-testid="request-status"
      data-status={status}
    >
      {requestStatusLabels[status]}
    </Badge>
  );
}
