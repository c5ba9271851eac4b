import type { Equipment } from '@inspecta/contract';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useUrlParams } from '@/hooks/use-url-params';
import { EquipmentBrowser, type EquipmentBrowserKey } from './equipment-browser';

const KEYS: readonly EquipmentBrowserKey[] = ['search', 'site', 'type', 'status', 'due', 'sort', 'unit'];

/** Screen /dashboard/equipment-management: every unit installed at every site. */
export function EquipmentScreen({
  unitSection,
  activitySection,
  views,
}: {
  unitSection?: (unit: Equipment) => ReactNode;
  activitySection?: (unit: Equipment) => ReactNode;
  views?: ReactNode;
} = {}) {
  const { values, page, update } = useUrlParams(KEYS);
  return (
    <EquipmentBrowser
      state={values}
      page={page}
      onChange={update}
      onPage={(next) => update({ page: next }, { keepPage: true })}
      unitSection={unitSection}
      activitySection={activitySection}
      views={views}
      bulkActions
      header={(actions) => (
        <PageHeader
          title="Equipment Management"
          description="Equipment installed at client sites, with when each unit is next due for inspection."
          actions={actions}
        />
      )}
    />
  );
}
