import type { Assignment } from '@inspecta/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useUpdateAssignment } from '../api/update-assignment';

interface CancelAssignmentModalProps {
  assignment: Assignment | null;
  onClose: () => void;
}

/** Asks for a reason, then cancels the assignment (it stays in the records as cancelled). */
export function CancelAssignmentModal({ assignment, onClose }: CancelAssignmentModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAssignment();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start empty for each assignment
  useEffect(() => {
    setReason('');
    setError(null);
  }, [assignment?.id]);

  const confirm = async () => {
    if (!assignment) return;
    if (!reason.trim()) {
      setError('Give a reason for cancelling');
      return;
    }
    try {
      const result = await update.mutateAsync({
        id: assignment.id,
        body: { status: 'cancelled', cancelReason: reason.trim() },
      });
      notifications.show({ color: 'green', message: result.message });
      onClose();
    } catch (e) {
      if (isApiError(e)) {
        setError(e.fieldErrors().cancelReason ?? e.message);
        notifications.show({ color: 'red', message: e.message });
      } else throw e;
    }
  };

  return (
    <Modal opened={assignment !== null} onClose={onClose} title="Cancel this assignment?" centered>
      {assignment ? (
        <Stack gap="md">
          <Text size="sm">
            {assignment.inspector.name} will no longer see the inspection of{' '}
            <strong>{assignment.site.name}</strong>. The assignment stays in the records as cancelled.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-testid="cancel-reason"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Keep it
            </Button>
            <Button color="red" onClick={confirm} loading={update.isPending} data-testid="cancel-confirm">
              Cancel assignment
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
