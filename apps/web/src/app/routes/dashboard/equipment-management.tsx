import { EquipmentScreen } from '@/features/equipment';

function EquipmentManagementRoute() {
  return <EquipmentScreen />;
}

export { EquipmentManagementRoute as Component };
