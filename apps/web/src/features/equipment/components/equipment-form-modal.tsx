import {
  computeNextDueOn,
  type Equipment,
  type EquipmentCreateBody,
  type EquipmentStatus,
  equipmentCreateBodySchema,
  equipmentStatuses,
  equipmentStatusLabels,
} from '@inspecta/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarDue } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { EquipmentTypeSelect, useEquipmentTypeOptions } from '@/features/equipment-types';
import { isApiError } from '@/lib/api-client';
import { formatDay, todayIso } from '@/lib/dates';
import { useCreateEquipment } from '../api/create-equipment';
import { useUpdateEquipment } from '../api/update-equipment';
import { SiteSelect } from './site-select';

interface FormValues {
  siteId: string | null;
  equipmentTypeId: string | null;
  assetTag: string;
  name: string;
  serialNumber: string;
  location: string;
  installedOn: string;
  lastInspectedAt: string;
  status: EquipmentStatus;
  isCritical: boolean;
}

function emptyValues(siteId: number | undefined): FormValues {
  return {
    siteId: siteId ? String(siteId) : null,
    equipmentTypeId: null,
    assetTag: '',
    name: '',
    serialNumber: '',
    location: '',
    installedOn: '',
    lastInspectedAt: '',
    status: 'in_service',
    isCritical: false,
  };
}

function fromUnit(unit: Equipment): FormValues {
  return {
    siteId: String(unit.siteId),
    equipmentTypeId: String(unit.equipmentTypeId),
    assetTag: unit.assetTag,
    name: unit.name,
    serialNumber: unit.serialNumber ?? '',
    location: unit.location ?? '',
    installedOn: unit.installedOn ?? '',
    lastInspectedAt: unit.lastInspectedAt ? unit.lastInspectedAt.slice(0, 10) : '',
    status: unit.status,
    isCritical: unit.isCritical,
  };
}

function toBody(values: FormValues): EquipmentCreateBody {
  return {
    siteId: values.siteId ? Number(values.siteId) : null,
    equipmentTypeId: values.equipmentTypeId ? Number(values.equipmentTypeId) : null,
    assetTag: values.assetTag,
    name: values.name,
    serialNumber: values.serialNumber,
    location: values.location,
    installedOn: values.installedOn,
    lastInspectedAt: values.lastInspectedAt,
    status: values.status,
    isCritical: values.isCritical,
  };
}

/** On edit, send only what changed (a date-only last inspection must not overwrite its time). */
function changedFields(values: FormValues, initial: FormValues): Partial<EquipmentCreateBody> {
  const body = toBody(values);
  const before = toBody(initial);
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => before[key as keyof EquipmentCreateBody] !== value),
  ) as Partial<EquipmentCreateBody>;
}

const validateBody = zod4Resolver(equipmentCreateBodySchema);

interface EquipmentFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The unit to edit; none adds a new one. */
  unit: Equipment | null;
  /** Adding from a site's page: the site is set. */
  siteId?: number;
  onSaved?: (unit: Equipment) => void;
}

/** Add equipment to a site, or edit a unit (changing its site moves it). */
export function EquipmentFormModal({ opened, onClose, unit, siteId, onSaved }: EquipmentFormModalProps) {
  const create = useCreateEquipment();
  const update = useUpdateEquipment();
  const types = useEquipmentTypeOptions(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [initial, setInitial] = useState<FormValues>(emptyValues(siteId));
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: emptyValues(siteId),
    validate: (values) => validateBody(toBody(values) as never),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens.
  useEffect(() => {
    if (!opened) return;
    const start = unit ? fromUnit(unit) : emptyValues(siteId);
    setInitial(start);
    form.setValues(start);
    form.resetDirty(start);
    form.clearErrors();
    setFailure(null);
  }, [opened, unit, siteId]);

  const type = types.data?.equipmentTypes.find((t) => String(t.id) === form.values.equipmentTypeId);
  const nextDue = type
    ? computeNextDueOn({
        status: form.values.status,
        lastInspectedAt: /^\d{4}-\d{2}-\d{2}$/.test(form.values.lastInspectedAt)
          ? `${form.values.lastInspectedAt}T00:00:00Z`
          : null,
        installedOn: /^\d{4}-\d{2}-\d{2}$/.test(form.values.installedOn) ? form.values.installedOn : null,
        createdAt: unit?.createdAt ?? new Date().toISOString(),
        inspectionIntervalDays: type.inspectionIntervalDays,
      })
    : null;

  const submitting = create.isPending || update.isPending;
  const moving = unit !== null && form.values.siteId !== null && form.values.siteId !== String(unit.siteId);

  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      if (unit) {
        const result = await update.mutateAsync({ id: unit.id, body: changedFields(values, initial) });
        notifications.show({
          color: 'teal',
          title: moving ? 'Equipment moved' : 'Equipment saved',
          message: moving
            ? `${result.equipment.assetTag} is now at ${result.equipment.site.name}`
            : `${result.equipment.assetTag} · ${result.equipment.name}`,
        });
        onSaved?.(result.equipment);
      } else {
        const result = await create.mutateAsync(toBody(values));
        notifications.show({
          color: 'teal',
          title: 'Equipment added',
          message: `${result.equipment.assetTag} added to ${result.equipment.site.name}`,
        });
        onSaved?.(result.equipment);
      }
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(error.fieldErrors());
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  const today = todayIso();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={unit ? `Edit ${unit.assetTag}` : 'Add equipment'}
      size="xl"
      centered
    >
      <form onSubmit={handleSubmit} noValidate aria-label={unit ? 'Edit equipment' : 'Add equipment'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SiteSelect
              label="Site"
              placeholder="Search by site code or name"
              withAsterisk
              disableInactive
              disabled={!unit && siteId !== undefined}
              {...form.getInputProps('siteId')}
              description={moving ? 'Saving moves the unit to this site' : undefined}
            />
            <EquipmentTypeSelect
              label="Equipment type"
              placeholder="Choose from the catalogue"
              withAsterisk
              {...form.getInputProps('equipmentTypeId')}
              onChange={(value) => {
                const previous = types.data?.equipmentTypes.find(
                  (t) => String(t.id) === form.values.equipmentTypeId,
                );
                const next = types.data?.equipmentTypes.find((t) => String(t.id) === value);
                // Name the unit after its type until someone gives it a name of its own.
                if (next && (!form.values.name || form.values.name === previous?.name)) {
                  form.setFieldValue('name', next.name);
                }
                form.setFieldValue('equipmentTypeId', value);
              }}
            />
            <TextInput
              label="Asset tag"
              placeholder="e.g. FE-012"
              withAsterisk
              {...form.getInputProps('assetTag')}
            />
            <TextInput
              label="Name"
              placeholder="e.g. Lobby extinguisher"
              withAsterisk
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Serial number"
              placeholder="Manufacturer's serial"
              {...form.getInputProps('serialNumber')}
            />
            <TextInput
              label="Location"
              placeholder="e.g. Level 2 corridor"
              {...form.getInputProps('location')}
            />
            <DateField label="Installed on" max={today} {...form.getInputProps('installedOn')} />
            <DateField
              label="Last inspected"
              description="Only for inspections done before Inspecta"
              max={today}
              {...form.getInputProps('lastInspectedAt')}
            />
            <Select
              label="Status"
              data={equipmentStatuses.map((s) => ({ value: s, label: equipmentStatusLabels[s] }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('status')}
            />
            <Switch
              label="Critical equipment"
              description="Life-safety equipment that must never be overdue"
              mt={{ base: 0, sm: 'lg' }}
              {...form.getInputProps('isCritical', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <Group gap="xs" data-testid="next-due-preview">
            <IconCalendarDue size={18} aria-hidden="true" color="var(--mantine-color-brand-6)" />
            <Text size="sm">
              {nextDue
                ? `Next inspection due ${formatDay(nextDue)} (every ${type?.inspectionIntervalDays} days)`
                : form.values.status === 'retired'
                  ? 'Retired equipment is not inspected.'
                  : 'Choose an equipment type to see when the next inspection is due.'}
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {unit ? 'Save changes' : 'Add equipment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
