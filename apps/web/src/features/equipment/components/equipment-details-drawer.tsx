import type { Equipment } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sitePaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDay, todayIso } from '@/lib/dates';
import { formatDateTime } from '@/utils/format-relative-time';
import { useDeleteEquipment } from '../api/delete-equipment';
import { useEquipment } from '../api/get-equipment';
import { describeDue } from '../lib/format';
import { DueBadge, EquipmentStatusBadge } from './badges';
import { UnitInspections } from './unit-inspections';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children || '—'}
      </Text>
    </div>
  );
}

interface EquipmentDetailsDrawerProps {
  unitId: number | null;
  onClose: () => void;
  onEdit: (unit: Equipment) => void;
  /** Prints the unit's QR label (the print labels dialog with this unit chosen). */
  onPrintLabel?: (unit: Equipment) => void;
  /** Another feature's section about this unit, shown above its inspections (supplied by the app). */
  unitSection?: ((unit: Equipment) => ReactNode) | undefined;
  /** The unit's changes, field by field (the activity feature's panel, supplied by the app), last. */
  activitySection?: ((unit: Equipment) => ReactNode) | undefined;
}

/** Everything about one unit: its due date, its inspections and (from the app) its changes. */
export function EquipmentDetailsDrawer({
  unitId,
  onClose,
  onEdit,
  onPrintLabel,
  unitSection,
  activitySection,
}: EquipmentDetailsDrawerProps) {
  const query = useEquipment(unitId);
  const remove = useDeleteEquipment();
  const unit = query.data?.equipment;
  const today = todayIso();

  const confirmDelete = (target: Equipment) =>
    modals.openConfirmModal({
      title: `Delete ${target.assetTag}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          Only equipment entered by mistake should be deleted. Equipment that is no longer in use should be
          set to Retired, so its history stays.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(target.id);
          notifications.show({ color: 'teal', title: 'Equipment deleted', message: target.assetTag });
          onClose();
        } catch (error) {
          notifications.show({
            color: 'red',
            title: 'Could not delete',
            message: isApiError(error) ? error.message : 'Please try again.',
            autoClose: 8000,
          });
        }
      },
    });

  return (
    <Drawer
      opened={unitId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={unit ? `${unit.assetTag} · ${unit.name}` : 'Equipment'}
      closeButtonProps={{ 'aria-label': 'Close details' }}
    >
      {query.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={80} />
          <Skeleton height={140} />
        </Stack>
      ) : !unit ? (
        <Alert color="red" variant="light">
          {isApiError(query.error) ? query.error.message : 'This equipment could not be loaded.'}
        </Alert>
      ) : (
        <Stack gap="lg" data-testid="equipment-details">
          <Group gap="xs">
            <DueBadge due={unit.dueStatus} />
            <EquipmentStatusBadge status={unit.status} />
            {unit.isCritical ? (
              <Badge variant="light" color="red" radius="sm">
                Critical
              </Badge>
            ) : null}
          </Group>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              Next inspection
            </Text>
            <Title order={2} size="h3" mt={2}>
              {unit.nextDueOn ? formatDay(unit.nextDueOn) : 'Not scheduled'}
            </Title>
            <Text size="sm" c="dimmed">
              {unit.nextDueOn
                ? `${describeDue(unit.nextDueOn, today)} · every ${unit.equipmentType.inspectionIntervalDays} days, counted from ${
                    unit.lastInspectedAt
                      ? 'the last inspection'
                      : unit.installedOn
                        ? 'the install date'
                        : 'the day it was added'
                  }`
                : 'Retired equipment is not inspected.'}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
            <Field label="Site">
              <Anchor component={Link} to={sitePaths.details(unit.site.id)} size="sm">
                {unit.site.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {unit.site.siteCode}
              </Text>
            </Field>
            <Field label="Equipment type">
              {unit.equipmentType.name}
              <Text size="xs" c="dimmed">
                {unit.equipmentType.category}
              </Text>
            </Field>
            <Field label="Serial number">{unit.serialNumber}</Field>
            <Field label="Location">{unit.location}</Field>
            <Field label="Installed on">{formatDay(unit.installedOn)}</Field>
            <Field label="Last inspected">{formatDay(unit.lastInspectedAt)}</Field>
            <Field label="Added">{formatDateTime(unit.createdAt)}</Field>
            <Field label="Last changed">{formatDateTime(unit.updatedAt)}</Field>
          </SimpleGrid>
          <Group gap="sm">
            <Button leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(unit)}>
              Edit
            </Button>
            {onPrintLabel ? (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden="true" />}
                onClick={() => onPrintLabel(unit)}
              >
                Print label
              </Button>
            ) : null}
            {unit.lastInspectedAt === null ? (
              <Button
                variant="default"
                color="red"
                c="red.7"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => confirmDelete(unit)}
              >
                Delete
              </Button>
            ) : null}
          </Group>
          {unitSection ? (
            <>
              <Divider />
              {unitSection(unit)}
            </>
          ) : null}
          <Divider />
          <UnitInspections key={unit.id} unitId={unit.id} />
          {activitySection ? (
            <>
              <Divider />
              {activitySection(unit)}
            </>
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
