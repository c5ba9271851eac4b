import type { Equipment } from '@inspecta/contract';
import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { EquipmentBrowser, type EquipmentBrowserState } from './equipment-browser';

const INITIAL: EquipmentBrowserState = {
  search: '',
  site: '',
  type: '',
  status: '',
  due: '',
  sort: '',
  unit: '',
};

interface SiteEquipmentPanelProps {
  siteId: number;
  /** Another feature's section in a unit's details drawer (supplied by the app). */
  unitSection?: (unit: Equipment) => ReactNode;
  /** The unit's changes in its drawer (the activity feature's panel, supplied by the app). */
  activitySection?: (unit: Equipment) => ReactNode;
}

/**
 * The Equipment tab of a site's details page: that site's units, with add, import and export for the
 * site. Its filters live in its own state, so they never clash with the page's URL.
 */
export function SiteEquipmentPanel({ siteId, unitSection, activitySection }: SiteEquipmentPanelProps) {
  const [state, setState] = useState<EquipmentBrowserState>(INITIAL);
  const [page, setPage] = useState(1);
  return (
    <section aria-labelledby={`site-${siteId}-equipment`} data-testid="site-equipment-panel">
      <EquipmentBrowser
        siteId={siteId}
        state={state}
        page={page}
        onChange={(patch, options) => {
          setState((previous) => ({ ...previous, ...patch }));
          if (!options?.keepPage) setPage(1);
        }}
        onPage={setPage}
        unitSection={unitSection}
        activitySection={activitySection}
        header={(actions) => (
          <Group justify="space-between" align="flex-end" gap="md" mb="md" wrap="wrap">
            <div>
              <Title order={2} id={`site-${siteId}-equipment`}>
                Equipment
              </Title>
              <Text size="sm" c="dimmed">
                Units installed at this site and when each is next due for inspection.
              </Text>
            </div>
            {actions}
          </Group>
        )}
      />
    </section>
  );
}
