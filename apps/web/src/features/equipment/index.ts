export { getEquipmentQueryOptions, useEquipment } from './api/get-equipment';
export { getEquipmentsQueryOptions, useEquipments } from './api/get-equipments';
export { useSiteOptions } from './api/get-site-options';
export { EquipmentScreen } from './components/equipment-screen';
export { EquipmentTypesScreen } from './components/equipment-types-screen';
export { SiteEquipmentPanel } from './components/site-equipment-panel';
