import type { EquipmentLabelLayout } from '@inspecta/contract';
import { Alert, Button, Group, Modal, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { downloadEquipmentLabels } from '../api/download-labels';
import { useSiteEquipment } from '../api/get-equipments';

interface PrintLabelsModalProps {
  opened: boolean;
  onClose: () => void;
  siteId: number;
  /** Units chosen beforehand (a unit's drawer prints its own label). */
  initialIds?: number[];
}

const LAYOUTS: Array<{ value: EquipmentLabelLayout; label: string; description: string }> = [
  { value: '3x8', label: '24 per sheet', description: '3 × 8 labels of 70 × 37 mm' },
  {
    value: '2x4',
    label: '8 per sheet',
    description: '2 × 4 labels of 105 × 74 mm, for units seen from afar',
  },
];

/**
 * "Print labels" (docs/equipment.md "Asset labels"): an A4 PDF of QR labels for the site's units,
 * all of them (not retired) or the ones chosen. Each QR code opens the unit for whoever scans it.
 */
export function PrintLabelsModal({ opened, onClose, siteId, initialIds }: PrintLabelsModalProps) {
  const [layout, setLayout] = useState<EquipmentLabelLayout>('3x8');
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const units = useSiteEquipment(opened ? siteId : undefined);

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setScope(initialIds?.length ? 'chosen' : 'all');
    setChosen((initialIds ?? []).map(String));
  }, [opened, initialIds]);

  const options = (units.data?.equipments ?? []).map((unit) => ({
    value: String(unit.id),
    label: `${unit.assetTag} · ${unit.name}`,
  }));
  // A unit picked from its drawer stays listed even past the first 100 of the site.
  for (const id of initialIds ?? []) {
    if (!options.some((o) => o.value === String(id)))
      options.push({ value: String(id), label: `Unit ${id}` });
  }

  const download = async () => {
    if (scope === 'chosen' && chosen.length === 0) {
      setError('Choose at least one unit, or print all units.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const name = await downloadEquipmentLabels(siteId, {
        layout,
        ...(scope === 'chosen' ? { ids: chosen.map(Number) } : {}),
      });
      notifications.show({ color: 'green', message: `Labels downloaded: ${name}` });
      onClose();
    } catch (caught) {
      setError(
        isApiError(caught)
          ? [caught.message, ...caught.details.map((d) => d.message)].join(' ')
          : 'The labels could not be made. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Print QR labels" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          An A4 PDF with one label per unit: its QR code, name, type, asset tag, serial number and site code.
          Scanning the code opens the unit: for an inspector, the unit&apos;s checklist.
        </Text>
        <Radio.Group
          label="Label size"
          value={layout}
          onChange={(value) => setLayout(value as EquipmentLabelLayout)}
        >
          <Stack gap="xs" mt="xs">
            {LAYOUTS.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label="Units" value={scope} onChange={(value) => setScope(value as 'all' | 'chosen')}>
          <Stack gap="xs" mt="xs">
            <Radio value="all" label="All units at this site" description="Retired units are left out" />
            <Radio value="chosen" label="Only the units I choose" />
          </Stack>
        </Radio.Group>
        {scope === 'chosen' ? (
          <MultiSelect
            label="Units to print"
            placeholder={units.isPending ? 'Loading units…' : 'Search by asset tag or name'}
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            hidePickedOptions
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="labels-units"
          />
        ) : null}
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden="true" />}
            loading={busy}
            onClick={() => void download()}
            data-testid="labels-download"
          >
            Download PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
