import { IconArchive } from '@tabler/icons-react';
import { BulkActionBar } from '@/components/list-screen/bulk-action-bar';
import { useRowSelection } from '@/components/list-screen/use-row-selection';
import { useBulkEquipment } from '../api/bulk-equipment';
import { exportEquipment } from '../api/export-equipment';
import type { EquipmentFilters } from '../api/get-equipments';

const units = (n: number) => (n === 1 ? '1 unit' : `${n} units`);

/**
 * Row selection and the bulk action bar of Equipment Management (docs/equipment.md "Bulk
 * actions"): retire, export the selection. Another filter or search clears it.
 */
export function useEquipmentBulk(filters: EquipmentFilters) {
  const selection = useRowSelection(JSON.stringify(filters));
  const bulk = useBulkEquipment();
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
      exportSelection={(format, options, ids) => exportEquipment(format, filters, options, ids)}
    />
  );
  return { selection, bar };
}
