import { EQUIPMENT_LABELS_MAX, type EquipmentLabelLayout } from '@inspecta/contract';
import { Alert, Button, Group, Modal, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { downloadEquipmentLabels } from '../api/download-labels';
import { useEquipments } from '../api/get-equipments';
import { useLabelsSummary } from '../api/get-labels-summary';

/** A unit as the picker shows it: "FE-001 · Lobby extinguisher". */
export interface LabelUnitChoice {
  id: number;
  label: string;
}

interface PrintLabelsModalProps {
  opened: boolean;
  onClose: () => void;
  siteId: number;
  /** Units chosen beforehand (a unit's drawer prints its own label). */
  initialUnits?: LabelUnitChoice[];
}

const LAYOUTS: Array<{ value: EquipmentLabelLayout; label: string; description: string }> = [
  { value: '3x8', label: '24 per sheet', description: '3 × 8 labels of 70 × 37 mm' },
  {
    value: '2x4',
    label: '8 per sheet',
    description: '2 × 4 labels of 105 × 74 mm, for units seen from afar',
  },
];

/** How many matches the picker shows at once: typing narrows them (the server searches the site). */
const PICKER_MATCHES = 50;

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * "Print labels" (docs/equipment.md "Asset labels"): an A4 PDF of QR labels for the site's units,
 * all of them (not retired; on a site with more than one PDF holds, part by part) or the ones
 * chosen, found by a search of the whole site. Each QR code opens the unit for whoever scans it.
 */
export function PrintLabelsModal({ opened, onClose, siteId, initialUnits }: PrintLabelsModalProps) {
  const [layout, setLayout] = useState<EquipmentLabelLayout>('3x8');
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [part, setPart] = useState('1');
  const [chosen, setChosen] = useState<LabelUnitChoice[]>([]);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const summary = useLabelsSummary(opened ? siteId : undefined);
  const matches = useEquipments(
    {
      site_id: siteId,
      limit: PICKER_MATCHES,
      // The best match first while searching (an exact asset tag or serial number), else by asset tag.
      ...(term ? { search: term } : { sort: 'assetTag' }),
    },
    { enabled: opened && scope === 'chosen' },
  );

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setFieldErrors({});
    setPart('1');
    setSearch('');
    setScope(initialUnits?.length ? 'chosen' : 'all');
    setChosen(initialUnits ?? []);
  }, [opened, initialUnits]);

  const parts = summary.data?.parts ?? 0;
  const units = summary.data?.units ?? 0;
  const found = scope === 'chosen' && matches.data ? matches.data.equipments : [];
  // The chosen stay in the data (hidden from the list), so their pills keep their names.
  const options = [
    ...chosen.map((unit) => ({ value: String(unit.id), label: unit.label })),
    ...found
      .filter((unit) => !chosen.some((c) => c.id === unit.id))
      .map((unit) => ({ value: String(unit.id), label: `${unit.assetTag} · ${unit.name}` })),
  ];
  const matchTotal = matches.data?.pagination.total ?? 0;

  const choose = (values: string[]) => {
    setFieldErrors({});
    setChosen(
      values.map((value) => {
        const id = Number(value);
        return { id, label: options.find((o) => o.value === value)?.label ?? `Unit ${id}` };
      }),
    );
  };

  const download = async () => {
    if (scope === 'chosen' && chosen.length === 0) {
      setFieldErrors({ ids: 'Choose at least one unit, or print all units.' });
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const name = await downloadEquipmentLabels(siteId, {
        layout,
        ...(scope === 'chosen' ? { ids: chosen.map((unit) => unit.id) } : {}),
        ...(scope === 'all' && parts > 1 ? { part: Number(part) } : {}),
      });
      notifications.show({ color: 'green', message: `Labels downloaded: ${name}` });
      onClose();
    } catch (caught) {
      if (isApiError(caught)) {
        const byField = caught.fieldErrors();
        // A message about the units goes on the field that chose them; the rest above the buttons.
        const shown = scope === 'chosen' ? 'ids' : parts > 1 ? 'part' : null;
        if (shown && byField[shown]) setFieldErrors({ [shown]: byField[shown] });
        const rest = caught.details.filter((d) => d.field !== shown).map((d) => d.message);
        if (!shown || !byField[shown] || rest.length) setError([caught.message, ...rest].join(' '));
        // The count may have changed since the dialog opened.
        void summary.refetch();
      } else setError('The labels could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const partOptions = Array.from({ length: parts }, (_, i) => {
    const from = i * EQUIPMENT_LABELS_MAX + 1;
    const to = Math.min(units, (i + 1) * EQUIPMENT_LABELS_MAX);
    return { value: String(i + 1), label: `Part ${i + 1} of ${parts}: units ${count(from)}–${count(to)}` };
  });

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
        <Radio.Group
          label="Units"
          value={scope}
          onChange={(value) => {
            setFieldErrors({});
            setScope(value as 'all' | 'chosen');
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="all"
              label="All units at this site"
              description={
                summary.data
                  ? `${plural(units, 'unit')} to label; retired units are left out`
                  : 'Retired units are left out'
              }
              data-testid="labels-all"
            />
            <Radio value="chosen" label="Only the units I choose" />
          </Stack>
        </Radio.Group>
        {scope === 'all' && parts > 1 ? (
          <Select
            label="Part to print"
            description={`One PDF holds at most ${count(EQUIPMENT_LABELS_MAX)} labels: this site's ${count(units)} units print in ${parts} parts, by asset tag.`}
            data={partOptions}
            value={part}
            onChange={(value) => {
              setFieldErrors({});
              setPart(value ?? '1');
            }}
            allowDeselect={false}
            error={fieldErrors.part}
            comboboxProps={{ withinPortal: true }}
            data-testid="labels-part"
          />
        ) : null}
        {scope === 'chosen' ? (
          <MultiSelect
            label="Units to print"
            description={`Search the site by asset tag, serial number or name; up to ${count(EQUIPMENT_LABELS_MAX)} units.`}
            placeholder={chosen.length ? undefined : 'Type to search this site'}
            data={options}
            value={chosen.map((unit) => String(unit.id))}
            onChange={choose}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // The server has already searched the whole site.
            filter={({ options: all }) => all}
            nothingFoundMessage={matches.isFetching ? 'Searching…' : 'No unit of this site matches'}
            clearable
            hidePickedOptions
            maxValues={EQUIPMENT_LABELS_MAX}
            maxDropdownHeight={260}
            error={fieldErrors.ids}
            comboboxProps={{ withinPortal: true }}
            data-testid="labels-units"
          />
        ) : null}
        {scope === 'chosen' && matchTotal > found.length ? (
          <Text size="xs" c="dimmed" data-testid="labels-more-matches">
            The list shows {found.length} of {count(matchTotal)}
            {matches.data?.pagination.totalIsCapped ? '+' : ''} {term ? 'matches' : 'units'}: type to narrow
            it.
          </Text>
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
