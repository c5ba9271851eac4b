import {
  CORRECTIVE_ACTION_DESCRIPTION_MAX,
  CORRECTIVE_ACTION_TITLE_MAX,
  type CorrectiveActionPriority,
} from '@inspecta/contract';
import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { inspectionPaths } from '@/config/paths';
import type { InspectionItemContext } from '@/features/inspections';
import { isApiError } from '@/lib/api-client';
import { useCreateCorrectiveAction } from '../api/create-corrective-action';
import { OwnerSelect } from './owner-select';
import { PriorityControl } from './priority-control';

/** "Create action" from one answer of an inspection: a corrective action by hand. */
export function CreateActionModal({
  context,
  onClose,
}: {
  context: InspectionItemContext | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateCorrectiveAction();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<CorrectiveActionPriority>('normal');
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [dueOn, setDueOn] = useState('');
  const [requiresEvidence, setRequiresEvidence] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fresh for each answer
  useEffect(() => {
    if (!context) return;
    setTitle(context.equipmentId ? `${context.itemLabel} — ${context.unitName}` : context.itemLabel);
    setDescription('');
    setPriority(context.outcome === 'fail' ? 'high' : 'normal');
    setOwnerId(null);
    setDueOn('');
    setRequiresEvidence(true);
    setErrors({});
    setFormError(null);
  }, [context?.inspectionId, context?.equipmentId, context?.itemKey]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!context) return;
    if (!title.trim()) {
      setErrors({ title: 'Title is required' });
      return;
    }
    setFormError(null);
    try {
      const result = await create.mutateAsync({
        inspectionId: context.inspectionId,
        equipmentId: context.equipmentId,
        itemKey: context.itemKey,
        title: title.slice(0, CORRECTIVE_ACTION_TITLE_MAX),
        description: description || null,
        priority,
        ownerId: ownerId ? Number(ownerId) : null,
        ...(dueOn ? { dueOn } : {}),
        requiresEvidence,
      });
      notifications.show({ color: 'teal', message: result.message });
      onClose();
      navigate(inspectionPaths.action(result.action.id));
    } catch (error) {
      if (!isApiError(error)) throw error;
      setErrors(error.fieldErrors());
      setFormError(error.message);
    }
  };

  return (
    <Modal
      opened={context !== null}
      onClose={onClose}
      title="Create a corrective action"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {context ? (
        <form onSubmit={submit} noValidate data-testid="create-action-form">
          <Stack gap="md">
            <Text size="sm" c="dark.6">
              For <strong>{context.itemLabel}</strong> · {context.unitName}, of inspection #
              {context.inspectionId}.
            </Text>
            {formError ? (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                {formError}
              </Alert>
            ) : null}
            <TextInput
              label="Title"
              required
              maxLength={CORRECTIVE_ACTION_TITLE_MAX}
              value={title}
              error={errors.title || null}
              onChange={(e) => setTitle(e.currentTarget.value)}
              data-testid="create-action-title"
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={8}
              maxLength={CORRECTIVE_ACTION_DESCRIPTION_MAX}
              value={description}
              error={errors.description || null}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <PriorityControl id="create-action-priority" value={priority} onChange={setPriority} />
            <OwnerSelect
              label="Owner"
              placeholder="Nobody yet"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear owner' }}
              value={ownerId}
              onChange={setOwnerId}
              error={errors.ownerId || null}
            />
            <DateField
              label="Due on"
              description="Leave empty for the default of this priority (Settings)"
              value={dueOn}
              error={errors.dueOn || null}
              onChange={(value) => setDueOn(value)}
            />
            <Switch
              label="Needs a passing re-inspection to be verified"
              checked={requiresEvidence}
              onChange={(e) => setRequiresEvidence(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="create-action-submit">
                Create action
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
