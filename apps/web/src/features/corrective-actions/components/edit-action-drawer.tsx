import {
  CORRECTIVE_ACTION_DESCRIPTION_MAX,
  CORRECTIVE_ACTION_TITLE_MAX,
  type CorrectiveActionDetail,
  type CorrectiveActionPriority,
} from '@inspecta/contract';
import { Alert, Button, Drawer, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { isApiError } from '@/lib/api-client';
import { useUpdateCorrectiveAction } from '../api/update-corrective-action';
import { OwnerSelect } from './owner-select';
import { PriorityControl } from './priority-control';

interface Values {
  title: string;
  description: string;
  priority: CorrectiveActionPriority;
  ownerId: string | null;
  dueOn: string;
  requiresEvidence: boolean;
}

const valuesOf = (a: CorrectiveActionDetail): Values => ({
  title: a.title,
  description: a.description ?? '',
  priority: a.priority,
  ownerId: a.owner ? String(a.owner.id) : null,
  dueOn: a.dueOn,
  requiresEvidence: a.requiresEvidence,
});

/** Title, description, priority, owner, due date and whether a re-inspection must verify it. */
export function EditActionDrawer({
  action,
  opened,
  onClose,
}: {
  action: CorrectiveActionDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(action));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCorrectiveAction();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the saved action each time it opens
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(action));
    setErrors({});
    setFormError(null);
  }, [opened]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.title.trim()) {
      setErrors({ title: 'Title is required' });
      return;
    }
    setFormError(null);
    try {
      const result = await update.mutateAsync({
        id: action.id,
        body: {
          title: values.title,
          description: values.description,
          priority: values.priority,
          ownerId: values.ownerId ? Number(values.ownerId) : null,
          dueOn: values.dueOn,
          requiresEvidence: values.requiresEvidence,
        },
      });
      notifications.show({ color: 'teal', message: result.message });
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setErrors(error.fieldErrors());
      setFormError(error.message);
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title="Edit corrective action"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={save} noValidate data-testid="action-edit-form">
        <Stack gap="md">
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Title"
            required
            maxLength={CORRECTIVE_ACTION_TITLE_MAX}
            value={values.title}
            error={errors.title || null}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            description="What has to be done, and anything the owner should know"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={CORRECTIVE_ACTION_DESCRIPTION_MAX}
            value={values.description}
            error={errors.description || null}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <PriorityControl
            id="action-edit-priority"
            value={values.priority}
            onChange={(p) => set('priority', p)}
          />
          <OwnerSelect
            label="Owner"
            placeholder="Nobody yet"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear owner' }}
            value={values.ownerId}
            onChange={(v) => set('ownerId', v)}
            fallback={action.owner}
            siteId={action.site.id}
            error={errors.ownerId || null}
          />
          <DateField
            label="Due on"
            required
            value={values.dueOn}
            error={errors.dueOn || null}
            onChange={(value) => set('dueOn', value)}
          />
          <Switch
            label="Needs a passing re-inspection to be verified"
            description="Off: an administrator may verify it once it is resolved"
            checked={values.requiresEvidence}
            onChange={(e) => set('requiresEvidence', e.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="action-edit-save">
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
