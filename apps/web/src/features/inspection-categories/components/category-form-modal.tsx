import {
  CATEGORY_COLOUR_SWATCHES,
  type CreateInspectionCategoryBody,
  createInspectionCategoryBodySchema,
  type InspectionCategory,
} from '@inspecta/contract';
import { Alert, Button, ColorInput, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateInspectionCategory } from '../api/create-inspection-category';
import { useUpdateInspectionCategory } from '../api/update-inspection-category';

interface CategoryFormModalProps {
  opened: boolean;
  /** The category to edit; null creates a new one. */
  category: InspectionCategory | null;
  onClose: () => void;
}

type FormValues = {
  name: string;
  description: string;
  colour: string;
  active: boolean;
};

function initialValues(category: InspectionCategory | null): FormValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    colour: category?.colour ?? CATEGORY_COLOUR_SWATCHES[0],
    active: category?.active ?? true,
  };
}

/** Create or edit an inspection category: name, description, colour and whether it is offered. */
export function CategoryFormModal({ opened, category, onClose }: CategoryFormModalProps) {
  const create = useCreateInspectionCategory();
  const update = useUpdateInspectionCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(category),
    validate: zod4Resolver(createInspectionCategoryBodySchema),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens for another category
  useEffect(() => {
    if (opened) {
      form.setValues(initialValues(category));
      form.resetDirty(initialValues(category));
      form.clearErrors();
      setFailure(null);
    }
  }, [opened, category]);

  const submitting = create.isPending || update.isPending;

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    const body: CreateInspectionCategoryBody = createInspectionCategoryBodySchema.parse(values);
    try {
      const result = category
        ? await update.mutateAsync({ id: category.id, body })
        : await create.mutateAsync(body);
      notifications.show({ color: 'green', title: result.message, message: result.category.name });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(error.fieldErrors());
        setFailure(error.details.length ? null : error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={category ? `Edit “${category.name}”` : 'New inspection category'}
      size="md"
      centered
    >
      <form onSubmit={handleSubmit} noValidate aria-label={category ? 'Edit category' : 'New category'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            placeholder="e.g. Annual certification"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            placeholder="When inspectors use this category"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <ColorInput
            label="Colour"
            description="Shown on badges in lists, calendars and reports"
            withAsterisk
            format="hex"
            swatches={[...CATEGORY_COLOUR_SWATCHES]}
            swatchesPerRow={8}
            withEyeDropper={false}
            withPicker={false}
            {...form.getInputProps('colour')}
          />
          <Switch
            label="Active"
            description="Inactive categories stay on existing records but are not offered for new work"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {category ? 'Save changes' : 'Create category'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
