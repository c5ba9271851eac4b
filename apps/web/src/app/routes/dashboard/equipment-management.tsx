import { EquipmentActionsSection } from '@/features/corrective-actions';
import { EquipmentScreen } from '@/features/equipment';
import { SavedViewsMenu } from '@/features/saved-views';

/** The equipment register; each unit's drawer shows its corrective actions (the corrective actions feature). */
function EquipmentManagementRoute() {
  return (
    <EquipmentScreen
      unitSection={(unit) => <EquipmentActionsSection equipmentId={unit.id} siteId={unit.site.id} />}
      views={<SavedViewsMenu list="equipment" />}
    />
  );
}

export { EquipmentManagementRoute as Component };
