import type { InspectionRequestStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';
import { requestStatusColours, requestStatusLabels, requestStatusText } from '../lib/format';

/** An inspection request's state: waiting (open), scheduled, declined or cancelled. */
export function RequestStatusBadge({ status }: { status: InspectionRequestStatus }) {
  return (
    <Badge
      variant="light"
      color={requestStatusColours[status]}
      c={requestStatusText[status]}
      style={{ flexShrink: 0 }}
      data-testid="request-status"
      data-status={status}
    >
      {requestStatusLabels[status]}
    </Badge>
  );
}
