import {
  type EquipmentType,
  type EquipmentTypeCreateBody,
  equipmentTypeCreateBodySchema,
  INSPECTION_INTERVAL_MAX_DAYS,
} from '@inspecta/contract';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useCreateEquipmentType } from '../api/create-equipment-type';
import { useEquipmentTypeCategories } from '../api/get-equipment-type-categories';
import { useUpdateEquipmentType } from '../api/update-equipment-type';
import { useEquipmentTypesLinks } from '../lib/links';

interface FormValues {
  name: string;
  category: string;
  manufacturer: string;
  model: string;
  description: string;
  inspectionIntervalDays: number | string;
  /** The template id as the select holds it; '' for none. */
  defaultTemplateId: string;
}

const EMPTY: FormValues = {
  name: '',
  category: '',
  manufacturer: '',
  model: '',
  description: '',
  inspectionIntervalDays: 365,
  defaultTemplateId: '',
};

function toBody(values: FormValues): EquipmentTypeCreateBody {
  return {
    name: values.name,
    category: values.category,
    manufacturer: values.manufacturer,
    model: values.model,
    description: values.description,
    inspectionIntervalDays: values.inspectionIntervalDays as number,
    defaultTemplateId: values.defaultTemplateId === '' ? null : Number(values.defaultTemplateId),
  };
}

function fromType(type: EquipmentType): FormValues {
  return {
    name: type.name,
    category: type.category,
    manufacturer: type.manufacturer ?? '',
    model: type.model ?? '',
    description: type.description ?? '',
    inspectionIntervalDays: type.inspectionIntervalDays,
    defaultTemplateId: type.defaultTemplateId ? String(type.defaultTemplateId) : '',
  };
}

const validateBody = zod4Resolver(equipmentTypeCreateBodySchema);

interface EquipmentTypeFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The type to edit; none adds a new one. */
  type: EquipmentType | null;
}

/** Add or edit an equipment type of the catalogue. */
export function EquipmentTypeFormModal({ opened, onClose, type }: EquipmentTypeFormModalProps) {
  const create = useCreateEquipmentType();
  const update = useUpdateEquipmentType();
  const categories = useEquipmentTypeCategories();
  const templates = useEquipmentTypesLinks().publishedTemplates;
  const templateOptions = templates.templates.map((t) => ({
    value: String(t.id),
    label: t.name,
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validateBody(toBody(values) as never),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a type.
  useEffect(() => {
    if (!opened) return;
    form.setValues(type ? fromType(type) : EMPTY);
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [opened, type]);

  const submitting = create.isPending || update.isPending;
  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(values);
      if (type) {
        const result = await update.mutateAsync({ id: type.id, body });
        notifications.show({
          color: 'teal',
          title: 'Equipment type saved',
          message: result.equipmentType.name,
        });
      } else {
        const result = await create.mutateAsync(body);
        notifications.show({
          color: 'teal',
          title: 'Equipment type added',
          message: result.equipmentType.name,
        });
      }
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(error.fieldErrors());
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  const intervalChanged =
    type !== null &&
    Number(form.values.inspectionIntervalDays) !== type.inspectionIntervalDays &&
    type.installedCount > 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={type ? `Edit ${type.name}` : 'Add equipment type'}
      size="lg"
      centered
    >
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={type ? 'Edit equipment type' : 'Add equipment type'}
      >
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Name"
            placeholder="e.g. Fire extinguisher, ABC powder 6 kg"
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Autocomplete
              label="Category"
              placeholder="e.g. Fire protection"
              withAsterisk
              data={categories.data?.categories ?? []}
              {...form.getInputProps('category')}
            />
            <NumberInput
              label="Inspection interval (days)"
              description="How often each unit must be inspected"
              withAsterisk
              min={1}
              max={INSPECTION_INTERVAL_MAX_DAYS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('inspectionIntervalDays')}
            />
            <TextInput
              label="Manufacturer"
              placeholder="e.g. Ceasefire"
              {...form.getInputProps('manufacturer')}
            />
            <TextInput label="Model" placeholder="e.g. ABC-6" {...form.getInputProps('model')} />
          </SimpleGrid>
          <Select
            label="Default template"
            description="The published checklist inspections of this type use unless an assignment picks another"
            placeholder={templates.loading ? 'Loading checklists…' : 'None'}
            data={templateOptions}
            searchable
            clearable
            nothingFoundMessage="No published checklist matches"
            {...form.getInputProps('defaultTemplateId')}
            value={form.values.defaultTemplateId || null}
            onChange={(value) => form.setFieldValue('defaultTemplateId', value ?? '')}
          />
          <Textarea
            label="Description"
            placeholder="What this covers and anything inspectors should know"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          {intervalChanged ? (
            <Alert color="brand" variant="light" data-testid="interval-notice">
              The next due date of the {plural(type?.installedCount ?? 0, 'installed unit')} of this type will
              be recalculated.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {type ? 'Save changes' : 'Add equipment type'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
