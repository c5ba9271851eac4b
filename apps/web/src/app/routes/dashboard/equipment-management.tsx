import { EquipmentActionsSection } from '@/features/corrective-actions';
import { EquipmentScreen } from '@/features/equipment';

/** The equipment register; each unit's drawer shows its corrective actions (the corrective actions feature). */
function EquipmentManagementRoute() {
  return (
    <EquipmentScreen
      unitSection={(unit) => <EquipmentActionsSection equipmentId={unit.id} siteId={unit.site.id} />}
    />
  );
}

export { EquipmentManagementRoute as Component };
