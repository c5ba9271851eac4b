import { SAVED_VIEW_NAME_MAX } from '@inspecta/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';

interface FormValues {
  name: string;
  shared: boolean;
}

interface ViewFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initial: FormValues;
  /** Saves; a thrown API error lands on its field (a taken name on Name). */
  onSubmit: (values: FormValues) => Promise<unknown>;
}

/** Name and sharing of a view: "Save view" and "Rename or share". */
export function ViewFormModal({
  opened,
  onClose,
  title,
  submitLabel,
  initial,
  onSubmit,
}: ViewFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted per opening, so the fields start from `initial` each time. */}
      {opened ? (
        <ViewForm initial={initial} submitLabel={submitLabel} onSubmit={onSubmit} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ViewForm({
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: Pick<ViewFormModalProps, 'initial' | 'submitLabel' | 'onSubmit' | 'onClose'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initial,
    validate: {
      name: (value) =>
        !value.trim()
          ? 'Name is required'
          : value.trim().length > SAVED_VIEW_NAME_MAX
            ? `Keep the name under ${SAVED_VIEW_NAME_MAX} characters`
            : null,
    },
  });
  const [saving, setSaving] = useState(false);
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        setSaving(true);
        setFailure(null);
        try {
          await onSubmit({ ...values, name: values.name.trim() });
          onClose();
        } catch (error) {
          if (isApiError(error)) {
            form.setErrors(error.fieldErrors());
            setFailure(error.details.some((d) => d.field === 'name') ? null : error.message);
          } else setFailure('Could not save the view. Please try again.');
        } finally {
          setSaving(false);
        }
      })}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Active sites in Pune"
          required
          data-autofocus
          data-testid="view-name"
          {...form.getInputProps('name')}
        />
        <Checkbox
          label="Share with the other administrators"
          description="They can apply it; only you can change or delete it."
          data-testid="view-shared"
          {...form.getInputProps('shared', { type: 'checkbox' })}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid="view-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
