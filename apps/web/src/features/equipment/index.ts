export { useSiteEquipment } from './api/get-equipments';
export { useSiteOptions } from './api/get-site-options';
export { equipmentKeys } from './api/keys';
export { EquipmentScreen } from './components/equipment-screen';
export { SiteEquipmentPanel } from './components/site-equipment-panel';
