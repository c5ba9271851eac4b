import {
  declineInspectionRequestBodySchema,
  INSPECTION_REQUEST_DECLINE_REASON_MAX,
  type InspectionRequest,
} from '@inspecta/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useDeclineInspectionRequest } from '../api/decline-inspection-request';

interface DeclineRequestModalProps {
  request: InspectionRequest | null;
  onClose: () => void;
}

/** Asks for the reason the client will read, then declines the request. */
export function DeclineRequestModal({ request, onClose }: DeclineRequestModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useDeclineInspectionRequest();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start empty for each request
  useEffect(() => {
    setReason('');
    setError(null);
  }, [request?.id]);

  const confirm = async () => {
    if (!request) return;
    const parsed = declineInspectionRequestBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    try {
      const result = await decline.mutateAsync({ id: request.id, body: parsed.data });
      notifications.show({ color: 'green', message: result.message });
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.fieldErrors().reason ?? e.message);
    }
  };

  return (
    <Modal opened={request !== null} onClose={onClose} title="Decline this request?" centered>
      {request ? (
        <Stack gap="md">
          <Text size="sm">
            {request.requestedBy.name} asked for an inspection of <strong>{request.site.name}</strong>. They
            will see the reason you give here.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={INSPECTION_REQUEST_DECLINE_REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-testid="request-decline-reason"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={decline.isPending}>
              Keep it open
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={decline.isPending}
              data-testid="request-decline-confirm"
            >
              Decline request
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
