import type { SiteDetails } from '@inspecta/contract';
import { IconCalendarRepeat, IconChecklist, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ActivityHistory } from '@/features/activity';
import { AssignmentFormDrawer } from '@/features/assignments';
import {
  EquipmentActionsSection,
  SiteActionsPanel,
  SiteActionsTabLabel,
} from '@/features/corrective-actions';
import { SiteEquipmentPanel } from '@/features/equipment';
import { SiteSchedulesPanel } from '@/features/schedules';
import { SiteDetailsView, SiteNotFound } from '@/features/sites';

/**
 * /dashboard/site-management/:siteId: the site, with the equipment feature's panel in its Equipment
 * tab (each unit's drawer showing its corrective actions and its changes), tabs for the site's
 * corrective actions and schedules, and an Activity tab of the site's changes (docs/activity-log.md).
 * "Assign inspector" opens the assignment drawer with the site chosen (creating one refreshes the
 * site, so its Assigned inspectors tab shows the inspector).
 */
function SiteDetailsRoute() {
  const { siteId } = useParams();
  const id = Number(siteId);
  const [assigning, setAssigning] = useState<SiteDetails | null>(null);
  if (!Number.isInteger(id) || id <= 0) return <SiteNotFound />;
  return (
    <>
      <SiteDetailsView
        key={id}
        siteId={id}
        onAssignInspector={setAssigning}
        equipmentPanel={
          <SiteEquipmentPanel
            siteId={id}
            unitSection={(unit) => <EquipmentActionsSection equipmentId={unit.id} siteId={unit.site.id} />}
            activitySection={(unit) => (
              <ActivityHistory key={unit.id} entityType="equipment" entityId={unit.id} title="Activity" />
            )}
          />
        }
        extraTabs={[
          {
            value: 'actions',
            label: <SiteActionsTabLabel siteId={id} />,
            icon: IconChecklist,
            content: <SiteActionsPanel siteId={id} />,
          },
          {
            value: 'schedules',
            label: 'Schedules',
            icon: IconCalendarRepeat,
            content: <SiteSchedulesPanel siteId={id} />,
          },
          {
            // "Inspection history" is the site's inspections (SPEC.md 1); this tab is the record's changes.
            value: 'activity',
            label: 'Activity',
            icon: IconHistory,
            content: <ActivityHistory entityType="site" entityId={id} />,
          },
        ]}
      />
      <AssignmentFormDrawer
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        createTitle="Assign inspector"
        prefill={
          assigning ? { siteId: assigning.id, siteLabel: `${assigning.siteCode} · ${assigning.name}` } : null
        }
      />
    </>
  );
}

export { SiteDetailsRoute as Component };
