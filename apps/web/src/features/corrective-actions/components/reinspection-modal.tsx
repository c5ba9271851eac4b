import type { CorrectiveActionDetail, CorrectiveActionPriority } from '@inspecta/contract';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { useInspectors } from '@/features/assignments';
import { isApiError } from '@/lib/api-client';
import { todayIso } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { useRequestReinspection } from '../api/request-reinspection';
import { PriorityControl } from './priority-control';

/**
 * "Request re-inspection": an assignment of the affected unit with the same template version. A pass
 * verifies and closes the action by itself; a fail keeps it open and says so.
 */
export function ReinspectionModal({
  action,
  opened,
  onClose,
}: {
  action: CorrectiveActionDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const today = todayIso();
  // Dates as YYYY-MM-DD strings compare in order (Math.max would not take them).
  // biome-ignore lint/complexity/useMathMinMax: strings, not numbers
  const defaultDue = action.dueOn < today ? today : action.dueOn;
  const [inspectorId, setInspectorId] = useState<string | null>(null);
  const [scheduledFor, setScheduledFor] = useState(today);
  const [dueOn, setDueOn] = useState(defaultDue);
  const [priority, setPriority] = useState<CorrectiveActionPriority>(action.priority);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inspectors = useInspectors();
  const request = useRequestReinspection();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh each time it opens
  useEffect(() => {
    if (!opened) return;
    const previous = action.reinspections[0]?.inspector ?? action.inspection?.inspector;
    setInspectorId(previous ? String(previous.id) : null);
    setScheduledFor(todayIso());
    setDueOn(defaultDue);
    setPriority(action.priority);
    setErrors({});
    setFormError(null);
  }, [opened]);

  const data = (inspectors.data?.inspectors ?? []).map((i) => ({
    value: String(i.id),
    label: i.name,
    workload: i.openAssignments,
  }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!inspectorId) {
      setErrors({ inspectorId: 'Choose an inspector' });
      return;
    }
    setFormError(null);
    try {
      const result = await request.mutateAsync({
        id: action.id,
        body: { inspectorId: Number(inspectorId), scheduledFor, dueOn, priority },
      });
      notifications.show({ color: 'teal', message: result.message });
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setErrors(error.fieldErrors());
      setFormError(error.message);
    }
  };

  const unit = action.equipment
    ? `${action.equipment.assetTag} · ${action.equipment.name}`
    : 'the whole site';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Request a re-inspection"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid="reinspection-form">
        <Stack gap="md">
          <Text size="sm">
            An assignment of <strong>{unit}</strong> at {action.site.name}
            {action.inspection
              ? `, with ${action.inspection.templateName} version ${action.inspection.templateVersion}`
              : ''}
            . When it passes, this action is verified and closed; when it fails, the action stays open.
          </Text>
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <Select
            label="Inspector"
            placeholder="Search inspectors"
            required
            searchable
            data={data}
            value={inspectorId}
            onChange={(v) => {
              setInspectorId(v);
              setErrors((e) => ({ ...e, inspectorId: '' }));
            }}
            renderOption={({ option }) => {
              const open = data.find((d) => d.value === option.value)?.workload ?? 0;
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {open === 0 ? 'No open assignments' : plural(open, 'open assignment')}
                  </Text>
                </Stack>
              );
            }}
            error={errors.inspectorId || null}
            comboboxProps={{ withinPortal: true }}
            data-testid="reinspection-inspector"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Scheduled for"
              value={scheduledFor}
              error={errors.scheduledFor || null}
              onChange={(value) => setScheduledFor(value)}
            />
            <DateField
              label="Due on"
              value={dueOn}
              error={errors.dueOn || null}
              onChange={(value) => setDueOn(value)}
            />
          </SimpleGrid>
          <PriorityControl id="reinspection-priority" value={priority} onChange={setPriority} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending} data-testid="reinspection-submit">
              Create the assignment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
