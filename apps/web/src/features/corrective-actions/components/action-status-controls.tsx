import type { CorrectiveActionDetail, CorrectiveActionStatus } from '@inspecta/contract';
import { CORRECTIVE_ACTION_REASON_MAX } from '@inspecta/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconCircleX,
  IconPlayerPlay,
  IconRefresh,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useChangeCorrectiveActionStatus } from '../api/change-corrective-action-status';
import { transitionLabel } from '../lib/format';

const ICONS: Record<CorrectiveActionStatus, typeof IconCircleCheck> = {
  open: IconRefresh,
  in_progress: IconPlayerPlay,
  resolved: IconCircleCheck,
  verified: IconRosetteDiscountCheck,
  cancelled: IconCircleX,
};

// The forward steps first, cancel last.
const ORDER: CorrectiveActionStatus[] = ['in_progress', 'resolved', 'verified', 'open', 'cancelled'];

/**
 * The status buttons of an action: only the moves the server allows the caller now
 * (`allowedTransitions`). Cancelling asks for a reason first; the other moves happen at once.
 */
export function ActionStatusControls({ action }: { action: CorrectiveActionDetail }) {
  const change = useChangeCorrectiveActionStatus();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pending, setPending] = useState<CorrectiveActionStatus | null>(null);

  const moves = ORDER.filter((s) => action.allowedTransitions.includes(s));

  const move = async (status: CorrectiveActionStatus, why?: string) => {
    setPending(status);
    try {
      const result = await change.mutateAsync({
        id: action.id,
        body: why === undefined ? { status } : { status, reason: why },
      });
      notifications.show({ color: 'teal', message: result.message });
      return true;
    } catch (error) {
      if (isApiError(error)) {
        const field = error.fieldErrors().reason;
        if (status === 'cancelled' && field) setReasonError(field);
        notifications.show({ color: 'red', title: 'The status was not changed', message: error.message });
        return false;
      }
      throw error;
    } finally {
      setPending(null);
    }
  };

  const confirmCancel = async () => {
    const text = reason.trim();
    if (!text) {
      setReasonError('Give a reason for cancelling');
      return;
    }
    if (await move('cancelled', text)) {
      setCancelling(false);
      setReason('');
    }
  };

  if (moves.length === 0) return null;

  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="action-status-controls">
        {moves.map((status) => {
          const Icon = ICONS[status];
          const cancel = status === 'cancelled';
          const primary = status === 'resolved' || status === 'verified';
          return (
            <Button
              key={status}
              size="sm"
              variant={primary ? 'filled' : cancel ? 'subtle' : 'default'}
              color={cancel ? 'red' : status === 'verified' ? 'green' : undefined}
              leftSection={<Icon size={16} aria-hidden="true" />}
              loading={pending === status}
              disabled={pending !== null && pending !== status}
              onClick={() => {
                if (cancel) {
                  setReason('');
                  setReasonError(null);
                  setCancelling(true);
                } else void move(status);
              }}
              data-testid={`action-to-${status}`}
            >
              {transitionLabel(action.status, status)}
            </Button>
          );
        })}
      </Group>
      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title="Cancel this corrective action?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            The action stays in the records as cancelled, with your reason. It can be reopened later.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={CORRECTIVE_ACTION_REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            data-testid="action-cancel-reason"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)} disabled={pending !== null}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => void confirmCancel()}
              loading={pending === 'cancelled'}
              data-testid="action-cancel-confirm"
            >
              Cancel action
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
