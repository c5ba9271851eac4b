import { type TemplateDetail, updateTemplateBodySchema } from '@inspecta/contract';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useMemo, useState } from 'react';
import { useCategoryOptions } from '@/features/inspection-categories';
import { isApiError } from '@/lib/api-client';
import { useCreateTemplate } from '../api/create-template';
import { useEquipmentTypeOptions } from '../api/get-equipment-type-options';
import { useUpdateTemplate } from '../api/update-template';

type FormValues = {
  name: string;
  description: string;
  categoryId: string | null;
  equipmentTypeIds: string[];
  defaultForEquipmentTypeIds: string[];
};

function initialValues(template: TemplateDetail | null): FormValues {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    categoryId: template?.category ? String(template.category.id) : null,
    equipmentTypeIds: template?.equipmentTypes.map((t) => String(t.id)) ?? [],
    defaultForEquipmentTypeIds:
      template?.equipmentTypes.filter((t) => t.isDefault).map((t) => String(t.id)) ?? [],
  };
}

function toBody(values: FormValues) {
  return {
    name: values.name,
    description: values.description,
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    equipmentTypeIds: values.equipmentTypeIds.map(Number),
    defaultForEquipmentTypeIds: values.defaultForEquipmentTypeIds
      .filter((id) => values.equipmentTypeIds.includes(id))
      .map(Number),
  };
}

const resolver = zod4Resolver(updateTemplateBodySchema);

interface TemplateDetailsModalProps {
  opened: boolean;
  /** The template to edit; null creates a new one. */
  template: TemplateDetail | null;
  onClose: () => void;
  /** Called with the saved template (after creating, the caller opens the builder). */
  onSaved?: (template: TemplateDetail) => void;
}

/** Name, description, category and equipment types of a template (its checklist is edited in the builder). */
export function TemplateDetailsModal({ opened, template, onClose, onSaved }: TemplateDetailsModalProps) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const categories = useCategoryOptions();
  const equipmentTypes = useEquipmentTypeOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(template),
    validate: (values) => resolver(toBody(values)),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (opened) {
      form.setValues(initialValues(template));
      form.clearErrors();
      setFailure(null);
    }
  }, [opened, template]);

  const categoryData = useMemo(
    () =>
      (categories.data?.categories ?? [])
        .filter((c) => c.active || String(c.id) === form.values.categoryId)
        .map((c) => ({ value: String(c.id), label: c.active ? c.name : `${c.name} (inactive)` })),
    [categories.data, form.values.categoryId],
  );

  const typeData = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const type of equipmentTypes.data?.equipmentTypes ?? []) {
      if (type.status === 'archived' && !form.values.equipmentTypeIds.includes(String(type.id))) continue;
      const group = groups.get(type.category) ?? [];
      group.push({ value: String(type.id), label: type.name });
      groups.set(type.category, group);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [equipmentTypes.data, form.values.equipmentTypeIds]);

  const linkedTypes = useMemo(
    () =>
      (equipmentTypes.data?.equipmentTypes ?? [])
        .filter((t) => form.values.equipmentTypeIds.includes(String(t.id)))
        .map((t) => ({ value: String(t.id), label: t.name })),
    [equipmentTypes.data, form.values.equipmentTypeIds],
  );

  const submitting = create.isPending || update.isPending;

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    const body = toBody(values);
    try {
      const result = template
        ? await update.mutateAsync({ id: template.id, body })
        : await create.mutateAsync(body);
      notifications.show({ color: 'green', title: result.message, message: result.template.name });
      onSaved?.(result.template);
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
      title={template ? 'Template details' : 'New template'}
      size="lg"
      centered
    >
      <form onSubmit={handleSubmit} noValidate aria-label={template ? 'Template details' : 'New template'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            placeholder="e.g. Fire extinguisher monthly inspection"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            placeholder="What this checklist covers and the standard it follows"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <Select
            label="Inspection category"
            placeholder={categories.isPending ? 'Loading categories…' : 'No category'}
            data={categoryData}
            clearable
            searchable
            nothingFoundMessage="No such category"
            {...form.getInputProps('categoryId')}
          />
          <MultiSelect
            label="Equipment types"
            description="The kinds of equipment this checklist is for"
            placeholder={form.values.equipmentTypeIds.length ? undefined : 'Choose equipment types'}
            data={typeData}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No such equipment type"
            maxDropdownHeight={280}
            {...form.getInputProps('equipmentTypeIds')}
          />
          <MultiSelect
            label="Default checklist for"
            description="New inspections of these equipment types use this template unless another is chosen"
            placeholder={linkedTypes.length ? 'Choose among the linked types' : 'Link equipment types first'}
            data={linkedTypes}
            disabled={linkedTypes.length === 0}
            clearable
            {...form.getInputProps('defaultForEquipmentTypeIds')}
            value={form.values.defaultForEquipmentTypeIds.filter((id) =>
              form.values.equipmentTypeIds.includes(id),
            )}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {template ? 'Save details' : 'Create and open builder'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
