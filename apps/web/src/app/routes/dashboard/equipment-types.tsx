import { EquipmentTypesScreen } from '@/features/equipment';

function EquipmentTypesRoute() {
  return <EquipmentTypesScreen />;
}

export { EquipmentTypesRoute as Component };
