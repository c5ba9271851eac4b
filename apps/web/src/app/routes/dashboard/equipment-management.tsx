import { ActivityHistory } from '@/features/activity';
import { EquipmentActionsSection } from '@/features/corrective-actions';
import { EquipmentScreen } from '@/features/equipment';
import { SavedViewsMenu } from '@/features/saved-views';

/**
 * The equipment register; each unit's drawer shows its corrective actions (the corrective actions
 * feature) and its changes field by field (the activity feature, docs/activity-log.md).
 */
function EquipmentManagementRoute() {
  return (
    <EquipmentScreen
      unitSection={(unit) => <EquipmentActionsSection equipmentId={unit.id} siteId={unit.site.id} />}
      activitySection={(unit) => (
        <ActivityHistory key={unit.id} entityType="equipment" entityId={unit.id} title="Activity" />
      )}
      views={<SavedViewsMenu list="equipment" />}
    />
  );
}

export { EquipmentManagementRoute as Component };
