import { EQUIPMENT_LABELS_MAX, type Equipment } from '@inspecta/contract';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconPrinter } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { BulkActionBar } from '@/components/list-screen/bulk-action-bar';
import { useRowSelection } from '@/components/list-screen/use-row-selection';
import { useBulkEquipment } from '../api/bulk-equipment';
import { exportEquipment } from '../api/export-equipment';
import type { EquipmentFilters } from '../api/get-equipments';
import type { LabelUnitChoice } from './print-labels-modal';

const units = (n: number) => (n === 1 ? '1 unit' : `${n} units`);

interface SeenUnit {
  siteId: number;
  label: string;
}

/** Why the selection cannot print as one label sheet, or null when it can (one site, few enough). */
function labelsRefusal(count: number, siteCount: number): string | null {
  if (siteCount > 1)
    return `The selected units are at ${siteCount} sites. A label sheet is for one site: filter the register by a site and select its units.`;
  if (count > EQUIPMENT_LABELS_MAX)
    return `One label sheet holds at most ${EQUIPMENT_LABELS_MAX.toLocaleString('en-IN')} units: select fewer.`;
  return null;
}

/**
 * Row selection and the bulk action bar of Equipment Management (docs/equipment.md "Bulk
 * actions"): retire, print the selection's QR labels, export the selection. Another filter or
 * search clears it. `shown` is the page of units on screen: the site of each unit ever shown is
 * kept, so a selection made across pages knows its sites. `onPrintLabels` opens the label dialog
 * with the chosen units of one site.
 */
export function useEquipmentBulk(
  filters: EquipmentFilters,
  shown: Equipment[] = [],
  onPrintLabels?: (siteId: number, chosen: LabelUnitChoice[]) => void,
) {
  const selection = useRowSelection(JSON.stringify(filters));
  const bulk = useBulkEquipment();
  const seen = useRef(new Map<number, SeenUnit>());
  for (const unit of shown)
    seen.current.set(unit.id, { siteId: unit.site.id, label: `${unit.assetTag} · ${unit.name}` });
  const reasonId = useId();

  const siteIds = new Set(selection.ids.map((id) => seen.current.get(id)?.siteId ?? -id));
  const refusal = labelsRefusal(selection.count, siteIds.size);
  const [siteId] = siteIds;
  const print = () => {
    if (refusal || siteId === undefined || !onPrintLabels) return;
    onPrintLabels(
      siteId,
      selection.ids.map((id) => ({ id, label: seen.current.get(id)?.label ?? selection.nameOf(id) })),
    );
  };
  const printButton = onPrintLabels ? (
    <Tooltip label={refusal} disabled={!refusal} multiline w={280} withArrow>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPrinter size={14} aria-hidden="true" />}
        // Focusable while refused, so a keyboard user reaches the tooltip that says why.
        data-disabled={refusal ? true : undefined}
        aria-disabled={refusal ? true : undefined}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={print}
        data-testid="bulk-print-labels"
      >
        Print labels
      </Button>
    </Tooltip>
  ) : null;

  const bar = (
    <BulkActionBar
      mb="md"
      selection={selection}
      noun={['unit', 'units']}
      actions={[
        {
          key: 'retire',
          label: 'Retire',
          color: 'red',
          icon: <IconArchive size={14} aria-hidden="true" />,
          title: (n) => `Retire ${units(n)}?`,
          description:
            'Retired units are no longer due for inspection and leave the Installed filter; their history stays. You can set a unit back in service from its details.',
          confirmLabel: (n) => `Retire ${units(n)}`,
          run: (ids) => bulk.mutateAsync({ ids, action: 'retire' }),
        },
      ]}
      tools={
        printButton ? (
          <>
            {printButton}
            {refusal ? <VisuallyHidden id={reasonId}>{refusal}</VisuallyHidden> : null}
          </>
        ) : null
      }
      exportSelection={(format, options, ids) => exportEquipment(format, filters, options, ids)}
    />
  );
  return { selection, bar };
}
